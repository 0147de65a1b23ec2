"""Alembic's environment for the Credo server's database (run by storage.upgrade)."""

from alembic import context
from sqlalchemy import engine_from_config, pool

from credo.interfaces.server.storage import Base

config = context.config


def run() -> None:
    engine = engine_from_config(config.get_section(config.config_ini_section) or
                                {"sqlalchemy.url": config.get_main_option("sqlalchemy.url")},
                                prefix="sqlalchemy.", poolclass=pool.NullPool)
    with engine.connect() as connection:
        context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()
    engine.dispose()


run()
