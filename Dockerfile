# The bot in a container. With PostgreSQL: `docker compose up -d --build` (compose.yaml). Alone, on SQLite in a
# volume: docker build -t chaostable . && docker run -d --name chaostable --env-file .env \
#     -e DATABASE_URL=sqlite:////var/lib/chaostable/chaostable.db -v chaostable-data:/var/lib/chaostable chaostable
# docs/operations.md ("Deploying") says more. The picture fonts are in data/fonts, copied with the project: nothing
# is taken from the system's fonts.
FROM python:3.11-slim

ENV PYTHONUNBUFFERED=1 \
    PYTHONDONTWRITEBYTECODE=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    DATABASE_URL=sqlite:////var/lib/chaostable/chaostable.db

WORKDIR /app

# Exactly the locked files (requirements.txt pins every package with its hashes), before the code, so a change to
# the code alone does not reinstall them.
COPY requirements.txt ./
RUN pip install --require-hashes --no-cache-dir -r requirements.txt

# The bot runs as its own user, which can write only the SQLite folder: the code stays root's. The folder is not
# data/, which holds the bundled fonts, decks and tiles that a volume there would hide.
RUN useradd --system --uid 10001 --user-group --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin \
        chaostable \
    && mkdir -p /var/lib/chaostable \
    && chown chaostable:chaostable /var/lib/chaostable
COPY . .
VOLUME ["/var/lib/chaostable"]
USER chaostable

# SIGTERM starts the bot's orderly stop: it finishes the moves in flight (up to 20 s), then closes the database.
# Give it longer than that before SIGKILL: compose.yaml's stop_grace_period, or `docker stop -t 30`.
STOPSIGNAL SIGTERM
CMD ["python", "bot.py"]
