"""Password guessing (tournaments/signin_throttle.py): failed sign-ins are counted per client
address on every door (login page, admin login, API token), nothing the client sends resets the
count, and the count lives in the shared cache (Redis in production)."""

import pytest
from django.core.cache import caches
from django.test import override_settings

from tests.tournaments.builders import UserFactory, api_for, client_for
from tournaments.signin_throttle import client_address

pytestmark = pytest.mark.django_db

LIMIT = 10


@pytest.fixture
def victim(db):
    user = UserFactory(username="victim")
    user.set_password("the-right-one")
    user.save()
    return user


def login_page(client, password, **headers):
    return client.post("/accounts/login/", {"username": "victim", "password": password},
                       **headers)


def signed_in(client) -> bool:
    return "_auth_user_id" in client.session


def test_the_login_page_refuses_the_right_password_after_too_many_wrong_ones(victim):
    client = client_for()
    for _ in range(LIMIT):
        assert login_page(client, "wrong").status_code == 200  # the form again, with its error
    response = login_page(client, "the-right-one")
    assert response.status_code == 429 and not signed_in(client)
    assert int(response["Retry-After"]) == 15 * 60
    assert "Too many failed sign-ins" in response.content.decode()


def test_below_the_limit_the_right_password_signs_in(victim):
    client = client_for()
    for _ in range(LIMIT - 1):
        login_page(client, "wrong")
    assert login_page(client, "the-right-one").status_code == 302 and signed_in(client)


def test_every_door_shares_one_count_and_a_success_does_not_reset_it(victim):
    client, api = client_for(), api_for()
    for _ in range(LIMIT // 2):
        login_page(client, "wrong")
        assert api.post("/api/token/", {"username": "victim", "password": "wrong"},
                        format="json").status_code == 400
    admin = client.post("/admin/login/", {"username": "victim", "password": "the-right-one"})
    assert admin.status_code == 429
    token = api.post("/api/token/", {"username": "victim", "password": "the-right-one"},
                     format="json")
    assert token.status_code == 429 and token.json()["code"] == "throttled"


def test_the_admin_login_is_throttled_on_its_own(victim):
    client = client_for()
    for _ in range(LIMIT):
        client.post("/admin/login/", {"username": "victim", "password": "wrong"})
    assert client.post("/admin/login/", {"username": "victim",
                                         "password": "the-right-one"}).status_code == 429


def test_a_forged_x_forwarded_for_does_not_give_a_fresh_count(victim):
    client = client_for()
    for i in range(LIMIT):
        login_page(client, "wrong", HTTP_X_FORWARDED_FOR=f"10.0.0.{i}")
    assert login_page(client, "the-right-one",
                      HTTP_X_FORWARDED_FOR="10.9.9.9").status_code == 429


def test_another_client_is_not_blocked(victim):
    for _ in range(LIMIT):
        login_page(client_for(), "wrong", REMOTE_ADDR="192.0.2.1")
    assert login_page(client_for(), "the-right-one", REMOTE_ADDR="192.0.2.2").status_code == 302


@pytest.mark.parametrize("proxies, forwarded, expected", [
    (0, "1.1.1.1", "127.0.0.1"),  # no proxy of ours: the header is the client's word
    (1, "6.6.6.6, 1.1.1.1", "1.1.1.1"),  # our proxy appended the address it saw
    (2, "6.6.6.6, 1.1.1.1, 10.0.0.2", "1.1.1.1"),
    (2, "1.1.1.1", "127.0.0.1"),  # fewer hops than proxies: not from our proxies
])
def test_the_client_address_believes_only_the_installations_own_proxies(
        rf, settings, proxies, forwarded, expected):
    settings.TRUSTED_PROXY_COUNT = proxies
    request = rf.get("/", HTTP_X_FORWARDED_FOR=forwarded, REMOTE_ADDR="127.0.0.1")
    assert client_address(request) == expected


REDIS = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache",
                     "LOCATION": "redis://127.0.0.1:6379/15", "KEY_PREFIX": "signin-test"}}


@pytest.mark.services
def test_the_count_lives_in_redis_where_every_worker_reads_it(victim):
    """The production cache: the count is in the Redis server, not in a worker's memory."""
    import redis

    server = redis.Redis.from_url(REDIS["default"]["LOCATION"])
    with override_settings(CACHES=REDIS):
        caches["default"].clear()
        try:
            for _ in range(LIMIT):
                login_page(client_for(), "wrong")
            keys = server.keys("signin-test:*signin-failures*")
            assert len(keys) == 1 and int(server.get(keys[0])) == LIMIT
            assert 0 < server.ttl(keys[0]) <= 15 * 60
            assert login_page(client_for(), "the-right-one").status_code == 429
        finally:
            caches["default"].clear()
