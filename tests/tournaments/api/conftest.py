import pytest


@pytest.fixture
def wsgi_keeps_the_test_transaction():
    """Requests through WSGI end by closing a database connection that is inside a transaction
    (Django's request_finished signal), which on PostgreSQL would end the test's transaction:
    disconnected here as Django's own test client does."""
    from django.core import signals
    from django.db import close_old_connections

    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)
