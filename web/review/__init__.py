"""The review of a finished game (or a replay): its model (`model`, pure) and its screen
(`screen`, browser); the analysis runs in the bot worker (`web/worker.py`)."""
