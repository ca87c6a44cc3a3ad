"""The CHAOS;JAN full rules (seed 000, rules 1 to 5.2d.2) in our own words, for `/chaosjan rules [rule]`.
Rule numbers are written exactly as the document writes them; `lookup` forgives spacing, case and a "rule" prefix."""

from __future__ import annotations

import re
from collections.abc import Callable
from string import ascii_lowercase

from engine.text import N_

SECTIONS: dict[str, str] = {
    "1": N_("Card types"),
    "1.1": N_("Action cards"),
    "1.2": N_("Character cards"),
    "1.3": N_("Hyper cards"),
    "1.4": N_("Modifier cards"),
    "1.5": N_("Negate cards"),
    "1.6": N_("Stock cards"),
    "2": N_("Priority"),
    "3": N_("Payment"),
    "3.1": N_("General payment and points on the table"),
    "3.2": N_("Specified payment"),
    "4": N_("Drawing cards"),
    "5": N_("Decks"),
    "5.1": N_("Action Deck"),
    "5.2": N_("Modifier Deck"),
}

RULES: dict[str, str] = {
    # 1. Card types
    "1": N_("CHAOS;JAN uses six card types: Action, Character, Hyper, Modifier, Negate and Stock. Each type has its "
        "own timing rules for when it may be played, and a card shows its type at the top, beside its colour."),
    "1.1": N_("An Action card has a short-lived effect, after which it goes to the discard pile. It may be played on "
        "anyone's turn, not only your own."),
    "1.1a": N_("Once an Action card enters play, its effect happens and the card is then discarded."),
    "1.1b": N_("If an Action card leaves play (discarded, or returned to a player's hand) before its effect happens, "
        "the effect never happens."),
    "1.1c": N_("You may play an Action card only while you hold priority (see rule 2). You need not be the active "
        "player to do so."),
    "1.1d": N_("Playing an Action card makes you pass priority, so another player gets a chance to play a card "
        "before you can play a second one."),
    "1.1e": N_("Certain Action cards can be played as part of a riichi declaration; this is a special case in which "
        "no priority is needed to play them."),
    "1.1e.1": N_("An Action card played with a riichi declaration starts a round of priority if the riichi is valid; "
        "the active player, having just played the Action, passes priority at once."),
    "1.1e.2": N_('Such cards usually read "Play only as you declare riichi." Playing the card then counts as part of '
        "the riichi declaration itself."),
    "1.1f": N_("Some Action cards carry restrictions that narrow down when they may be played."),
    "1.2": N_("Each player picks a Character card before the game starts; it sets that player's colour and Hyper "
        "effect (see rule 1.3)."),
    "1.2a": N_("Characters are chosen ahead of the first round."),
    "1.2b": N_("A Character card shows its colour at the top, below its name."),
    "1.2c": N_("A Character card carries a Hyper effect, which happens when its player plays a Hyper card."),
    "1.2d": N_("Cards other than Hyper and Negate cards have a colour bonus printed below their normal effect, "
        "marked by a colour symbol followed by a colon."),
    "1.2d.1": N_("The bonus symbols are 中 for red, 發 for green and 白 for white."),
    "1.2d.2": N_("The symbol means: if your Character's colour matches this card's colour, you get the following "
        "effect as well."),
    "1.3": N_("A Hyper card produces a strong effect that depends on the Character card of whoever plays it."),
    "1.3a": N_("A Hyper card's effect is the one printed on its player's Character card."),
    "1.3b": N_("Some Hyper effects double as Stock effects and then obey the Stock card rules (rule 1.6)."),
    "1.3c": N_("You may play a Hyper card only when you hold priority, are the active player, and have not yet drawn "
        "a tile this turn (see rule 2)."),
    "1.3d": N_("Certain Hyper effects allow the Hyper to be played by someone who is not the active player."),
    "1.3d.1": N_('A Hyper effect that may be played "at any time" follows the Action card rules (rule 1.1).'),
    "1.3e": N_("No one can negate a Hyper card."),
    "1.4": N_("Modifier cards change the hand's rules for all players."),
    "1.4a": N_("Modifiers begin in a deck of their own, the Modifier Deck (see rule 5.2)."),
    "1.4b": N_("Players never play Modifier cards themselves."),
    "1.4b.1": N_("When the game starts, and again after every wind rotation, a Modifier is taken from the Modifier "
        "Deck and enters play."),
    "1.4b.2": N_("Players cannot negate Modifiers."),
    "1.4c": N_("A Modifier stays in effect until another Modifier replaces it."),
    "1.4c.1": N_("No more than one Modifier may be in play at once."),
    "1.4c.2": N_("When a Modifier is about to enter play, every Modifier already in play is discarded first, and "
        "then the new one enters play."),
    "1.4d": N_("Every player whose Character is the same colour as the Modifier gets its colour bonus."),
    "1.4e": N_("When a Modifier's effect says \"You\", it applies to each player separately, and each player treats "
        "it as a Stock effect they played themselves."),
    "1.5": N_("A Negate card can stop another card's effect from happening."),
    "1.5a": N_("Negates are timed by the sub-priority system (rule 2.7)."),
    "1.5a.1": N_("You may play a Negate only while you hold sub-priority (see rule 2.7)."),
    "1.5a.2": N_("Playing a Negate makes you pass sub-priority."),
    "1.5a.3": N_("A Negate can be played simultaneously with another card."),
    "1.5b": N_('Every Negate card reads: "Negate the card played before this one."'),
    "1.5c": N_("Negating a card means the player who played it discards it before any part of its effect happens."),
    "1.5d": N_("A Negate may answer another Negate; the effects then resolve newest first. E.g. East plays an "
        "Action, South negates it, East negates South's Negate: South's Negate is discarded before it can act, so "
        "the Action resolves normally."),
    "1.5e": N_("A Negate's effect knows which player played the card it targets, which matters for cards such as "
        "Bribery."),
    "1.6": N_("Stock cards have an effect that lasts over time."),
    "1.6a": N_("You may play a Stock card only when you hold priority, are the active player, and have not yet drawn "
        "this turn (see rule 2)."),
    "1.6b": N_("A Stock card stays in play for as long as the effect it created is active."),
    "1.6b.1": N_("When that effect stops being active, the card that created it is discarded."),
    "1.6c": N_('Most Stock effects carry an "active time" phrase, e.g. "Until the end of this hand," or "The next '
        'time you deal in,".'),
    "1.6c.1": N_("An active time phrase states how long its Stock effect lasts."),
    "1.6c.2": N_("A Stock effect with no active time phrase stays active until it can no longer apply. E.g. "
        "Futuresight ends, and is discarded, once a certain tile is discarded or two of a certain tile are revealed "
        "from a hand."),
    "1.6c.3": N_("A Stock effect with no active time phrase whose effect never ends by itself lasts until the end of "
        "the current hand."),
    # 2. Priority
    "2": N_("Priority decides when a card may be played: cards go in turn order, and everyone gets a chance before "
        "anyone plays again. Negates may be played before a card's effect happens; if two players want to negate the "
        "same effect, the next in turn order does (a Negate on a Negate discards it before it can discard the first "
        "card)."),
    "2.1": N_("The active player gets priority at the start of their turn (before drawing) and again after they draw "
        "a tile."),
    "2.2": N_("With priority, a player must choose: play a card, or pass priority on."),
    "2.3": N_("Priority passes in turn order: if East is the active player, East passes to South, South to West, and "
        "so on."),
    "2.4": N_("Whenever priority is passed, cards that were played but whose effects have not happened yet now apply "
        "them."),
    "2.5": N_("Priority keeps passing until every player has received it with no card played since they last "
        "received it."),
    "2.6": N_("When priority passing stops, nobody holds priority and the Mahjong game moves on to its next step."),
    "2.7": N_('Negate cards get an extra round of priority, called "sub-priority", which happens before main '
        "priority is passed."),
    "2.7a": N_("Sub-priority behaves just as main priority does."),
    "2.7b": N_("Playing a card gives that player sub-priority."),
    "2.7c": N_("Once sub-priority stops passing, no one holds it any more, and main priority moves on."),
    "2.7d": N_("If main priority would be passed while a round of sub-priority is still going, it waits until that "
        "round ends."),
    # 3. Payment
    "3": N_("Many effects make a player pay points. Payments with no named recipient go onto the table (e.g. "
        "riichi); payments with a recipient go straight into that player's point total. Normally nobody can pay more "
        "points than they have."),
    "3.1": N_("A payment with no named recipient, such as a riichi payment, goes onto the table."),
    "3.1a": N_("A general payment is a payment that names no player."),
    "3.1b": N_("Nobody owns points paid by a general payment."),
    "3.1c": N_('Points paid generally are described as being "on the table".'),
    "3.1d": N_("Table points carry over from hand to hand and through wind rotations."),
    "3.1e": N_("The winner of a hand collects all points on the table."),
    "3.1f": N_("Certain card effects allow a player to take points off the table."),
    "3.1f.1": N_("Such cards should state how many points may be taken from the table."),
    "3.1f.2": N_("You may take the stated amount only if the table holds at least that many points; otherwise the "
        "instruction is ignored."),
    "3.1f.3": N_('If the card says "up to", you may take points even when the table holds less than the stated '
        "amount (e.g. Riichi Robbery)."),
    "3.1f.4": N_('If the card says "any number", you choose how many points to take.'),
    "3.1f.5": N_("Points are only taken or paid in point-stick denominations: 100, 500, 1000, 5000 and 10000. The "
        "equipment rule it refers to does not exist yet."),
    "3.1g": N_("Nobody may pay out more points than their own point total."),
    "3.2": N_("A payment with a named recipient, such as a ron payment, goes straight into that player's point total."),
    "3.2a": N_("A specified payment is a payment that names a player."),
    "3.2b": N_("Specified-payment points are always owned by a player and never sit on the table."),
    "3.2c": N_("Winning a hand always involves a specified payment. The rule it points to (on ron and tsumo "
        "payments) does not exist yet."),
    "3.2c.1": N_("This payment on winning is known as the point exchange."),
    "3.2c.2": N_("Some card effects double the point exchange, making the amount paid twice its normal value."),
    "3.2c.2a": N_("The doubling applies no matter who is paying whom, which matters for Wandering Wareme's effect."),
    "3.2c.3": N_("A player may pay point exchange costs without enough points to cover them; paying more than they "
        "have leaves a negative point total, an exception to rule 3.1g."),
    # 4. Drawing cards
    "4": N_("Players start with 5 cards in hand and draw one at the start of every hand, plus one more if they lost "
        "points in a point exchange. Card effects may grant further draws."),
    "4.1": N_("Everyone's opening hand is 5 cards drawn from the Action Deck (see rule 5.1d)."),
    "4.2": N_("Every player draws one Action Deck card when each hand begins."),
    "4.3": N_("At the start of a hand, a player who paid a point exchange in the previous hand draws one more card "
        "from the Action Deck (see rule 3.2c)."),
    "4.4": N_("Some effects let players draw outside the usual times; an instruction to draw a number of cards means "
        "drawing that many from the Action Deck."),
    "4.5": N_("The Modifier Deck is never drawn from by players."),
    # 5. Decks
    "5": N_("There are two decks: the Action Deck and the Modifier Deck. The Modifier Deck holds every Modifier "
        "card; the Action Deck holds every other card except Characters (card types: section 1)."),
    "5.1": N_("The Action Deck holds every card that is neither a Character nor a Modifier, and it is the deck "
        "players draw from."),
    "5.1a": N_("Players draw their cards from the Action Deck (see rule 4)."),
    "5.1b": N_("The Action Deck contains Action, Hyper, Negate and Stock cards."),
    "5.1c": N_("All players share the one Action Deck and draw from it."),
    "5.1d": N_("The Action Deck is assembled before play begins."),
    "5.1d.1": N_("The Action Deck should hold at least two Hyper cards per player (eight with 4 players, six with 3) "
        "and at least 10 Negate cards, unless the players agree on other numbers of Hypers and Negates."),
    "5.1d.2": N_("The deck should get three distinct Action cards and three distinct Stock cards, chosen by the "
        "players and shuffled in."),
    "5.1d.3": N_("A single player may not bring more than one copy of any Action or Stock card, though two different "
        "players may each bring the same card."),
    "5.2": N_("The Modifier Deck is made up of all the Modifier cards and is the source of every new Modifier in "
        "play."),
    "5.2a": N_("Whenever a new Modifier is to come into play, it comes from the Modifier Deck (see rule 1.4b)."),
    "5.2b": N_("The Modifier Deck contains only Modifier cards."),
    "5.2c": N_("All players share a single Modifier Deck."),
    "5.2d": N_("The Modifier Deck is assembled before play begins."),
    "5.2d.1": N_("Three distinct Modifier cards, chosen by the players, should be shuffled into the Modifier Deck."),
    "5.2d.2": N_("Every Modifier in the Modifier Deck must be unique: no duplicate copies are allowed."),
}

MAX_WORD_HITS = 10
MAX_SUGGESTIONS = 25

_NUMBER = re.compile(r"\d+(?:\.\d+)?(?:[a-z](?:\.\d+[a-z]?)*)?")
_PREFIX = re.compile(r"^(?:rules?|§|#)\s*")


def _as_number(text: str) -> str:
    """'Rule 1.5 D' -> '1.5d'; anything else comes back normalised the same way (and is then not a number)."""
    return re.sub(r"\s+", "", _PREFIX.sub("", text.strip().lower())).rstrip(":")


def _in_rule(number: str, parent: str) -> bool:
    """True for the rule itself and its sub-rules: '1.5a.1' is in '1.5a' and '1.5', but '1.10' is not in '1.1'."""
    return number == parent or (number.startswith(parent) and number[len(parent)] in ascii_lowercase + ".")


def _same(text: str) -> str:
    return text


def _holds(text: str, phrase: str, words: Callable[[str], str]) -> bool:
    """True if the rule's English summary, or its summary in the reader's language (`words`), holds `phrase`."""
    return phrase in text.lower() or phrase in words(text).lower()


def lookup(query: str | None, words: Callable[[str], str] = _same) -> list[tuple[str, str]]:
    """A rule number gives that rule and its sub-rules, in document order. Words give up to 10 rules whose summary
    holds them as a phrase or, failing that, each of them; nothing found (or nothing asked) gives []. `words`
    translates a summary (render/ passes its `_`), so that words of the reader's language find rules too; the
    summaries come back in English, to be translated where they are shown."""
    if not query or not query.strip():
        return []
    number = _as_number(query).rstrip(".")
    if _NUMBER.fullmatch(number):
        return [(n, text) for n, text in RULES.items() if _in_rule(n, number)]
    phrase = " ".join(query.lower().split())
    hits = [(n, text) for n, text in RULES.items() if _holds(text, phrase, words)]
    if not hits:
        parts = phrase.split()
        hits = [(n, text) for n, text in RULES.items() if all(_holds(text, w, words) for w in parts)]
    return hits[:MAX_WORD_HITS]


def contents() -> list[tuple[str, str]]:
    """The sections and subsections with their titles (in English, to be translated where shown), in document
    order."""
    return list(SECTIONS.items())


def suggest(current: str | None, words: Callable[[str], str] = _same) -> list[str]:
    """Up to 25 rule numbers starting with what the user has typed so far, in document order; typed words (no rule
    number starts with them) suggest the rules that `lookup` finds by those words."""
    prefix = _as_number(current or "")
    found = [n for n in RULES if n.startswith(prefix)][:MAX_SUGGESTIONS]
    if found or _NUMBER.fullmatch(prefix.rstrip(".")) or not prefix:
        return found
    return [n for n, _text in lookup(current, words)]
