from __future__ import annotations


async def test_help_is_ephemeral_and_lists_itself(harness):
    alice = harness.user("alice")
    reply = await harness.slash("help", user=alice)
    assert reply.response_type == 4
    assert reply.ephemeral
    assert "Chaos Table" in reply.text
