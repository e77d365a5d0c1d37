"""Password guessing and reset flooding (tournaments/signin_throttle.py): failed sign-ins are
counted per account and address (10) and per address (a much higher threshold) on every door
(login page, admin login, API token); nothing the client sends resets the counts; password
reset requests are counted per address and per e-mail; the counts live in the shared cache
(Redis in production)."""

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


def test_one_persons_typos_lock_that_account_from_that_address_only(victim):
    """A hall's shared address: one arbiter's typos do not lock the others out, and the
    same arbiter still signs in from another network."""
    colleague = UserFactory(username="colleague")
    colleague.set_password("hers")
    colleague.save()
    hall = {"REMOTE_ADDR": "192.0.2.10"}
    for _ in range(LIMIT):
        login_page(client_for(), "wrong", **hall)
    refused = login_page(client_for(), "the-right-one", **hall)
    assert refused.status_code == 429
    assert "to this account from your address" in refused.content.decode()
    other = client_for().post("/accounts/login/", {"username": "colleague", "password": "hers"},
                              **hall)
    assert other.status_code == 302
    assert login_page(client_for(), "the-right-one", REMOTE_ADDR="198.51.100.7").status_code \
        == 302
    # The account's name is counted whatever its case or spaces.
    assert client_for().post("/accounts/login/", {"username": " Victim", "password": "x"},
                             **hall).status_code == 429


def test_an_address_trying_many_accounts_is_refused_on_all_at_the_higher_threshold(
        victim, settings):
    settings.SIGNIN_ADDRESS_FAILURE_LIMIT = 3 * LIMIT
    spray = {"REMOTE_ADDR": "203.0.113.5"}
    for i in range(3 * LIMIT - 1):
        client_for().post("/accounts/login/", {"username": f"guess{i}", "password": "123456"},
                          **spray)
    assert login_page(client_for(), "the-right-one", **spray).status_code == 302  # below it
    client_for().post("/accounts/login/", {"username": "guess", "password": "123456"}, **spray)
    refused = api_for().post("/api/token/", {"username": "victim", "password": "the-right-one"},
                             format="json", REMOTE_ADDR="203.0.113.5")
    assert refused.status_code == 429 and refused.json()["code"] == "throttled"
    assert "from your address" in refused.json()["detail"]
    assert login_page(client_for(), "the-right-one", REMOTE_ADDR="203.0.113.6").status_code \
        == 302


def test_the_refusal_reads_in_the_pages_language(victim):
    for _ in range(LIMIT):
        login_page(client_for(), "wrong")
    page = login_page(client_for(lang="vi"), "the-right-one")
    assert page.status_code == 429
    assert "đăng nhập sai quá nhiều lần từ địa chỉ của bạn" in page.content.decode()


@pytest.mark.parametrize("body", ["5", '"x"', "[1]", "null", "{", '{"username": 5}',
                                  "[" * 5000 + "]" * 5000])
def test_an_api_sign_in_whose_body_is_no_object_is_no_server_error(victim, body):
    response = api_for().post("/api/token/", body, content_type="application/json")
    assert response.status_code == 400


@pytest.fixture
def resetting(victim):
    victim.email = "victim@example.vn"
    victim.save()
    return victim


def reset(email, address="192.0.2.20"):
    return client_for().post("/accounts/password_reset/", {"email": email},
                             REMOTE_ADDR=address)


def test_password_reset_mails_an_address_a_few_times_then_sends_nothing(resetting, mailoutbox,
                                                                        settings):
    for _ in range(settings.PASSWORD_RESET_EMAIL_LIMIT):
        assert reset("Victim@Example.vn").status_code == 302
    assert len(mailoutbox) == settings.PASSWORD_RESET_EMAIL_LIMIT
    again = reset("victim@example.vn", address="198.51.100.9")  # another address: still counted
    assert again.status_code == 302 and again["Location"] == "/accounts/password_reset/done/"
    assert len(mailoutbox) == settings.PASSWORD_RESET_EMAIL_LIMIT


def test_password_reset_from_one_address_is_refused_over_its_limit(resetting, mailoutbox,
                                                                   settings):
    for i in range(settings.PASSWORD_RESET_ADDRESS_LIMIT):
        assert reset(f"nobody{i}@example.vn").status_code == 302
    refused = reset("victim@example.vn")
    assert refused.status_code == 429
    assert int(refused["Retry-After"]) == settings.PASSWORD_RESET_WINDOW
    assert "Too many password reset requests" in refused.content.decode()
    assert mailoutbox == []
    assert reset("victim@example.vn", address="192.0.2.21").status_code == 302
    assert len(mailoutbox) == 1


@pytest.mark.services
def test_the_counts_live_in_redis_where_every_worker_reads_them(victim, private_redis):
    """The production cache: the counts are in the Redis server, not in a worker's memory."""
    import redis

    url, _process = private_redis
    server = redis.Redis.from_url(url)
    caches_setting = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache",
                                  "LOCATION": url, "KEY_PREFIX": "signin-test"}}
    with override_settings(CACHES=caches_setting):
        try:
            for _ in range(LIMIT):
                login_page(client_for(), "wrong")
            pair = server.keys("signin-test:*signin-failures:*")
            address = server.keys("signin-test:*signin-failures-address:*")
            assert len(pair) == 1 and int(server.get(pair[0])) == LIMIT
            assert len(address) == 1 and int(server.get(address[0])) == LIMIT
            assert 0 < server.ttl(pair[0]) <= 15 * 60
            assert login_page(client_for(), "the-right-one").status_code == 429
        finally:
            caches["default"].clear()
