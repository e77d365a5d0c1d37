"""Art. 18 b: the statute names who may enter (*đối tượng tham dự*). Hand-worked cases of the
rule engine: a U16 girls' category on a date, a rating band with and without unrated players,
provinces compared without accents, federations."""

from datetime import date

from records.eligibility import (
    Applicant,
    Eligibility,
    Failure,
    Unrated,
    eligibility_failures,
    folded,
)

# Girls under 16 in the 2026 event (played on 20 November 2026): born in 2011 or later.
U16_GIRLS = Eligibility.under(16, on=date(2026, 11, 20), sex="F")


def test_art_18_u16_girls_on_a_date():
    assert U16_GIRLS.born_from == 2011 and U16_GIRLS.born_to is None
    assert eligibility_failures(U16_GIRLS, Applicant(sex="F", birth_year=2011)) == []
    assert eligibility_failures(U16_GIRLS, Applicant(sex="F", birth_year=2016)) == []
    # 16 in 2026: too old, whatever the day of the birthday.
    assert eligibility_failures(U16_GIRLS, Applicant(sex="F", birth_year=2010)) == [
        Failure.BORN_TOO_EARLY]
    assert eligibility_failures(U16_GIRLS, Applicant(sex="M", birth_year=2012)) == [Failure.SEX]
    # Both wrong: both reasons, sex first.
    assert eligibility_failures(U16_GIRLS, Applicant(sex="M", birth_year=2009)) == [
        Failure.SEX, Failure.BORN_TOO_EARLY]
    # Nothing given: the organisers are told what is missing.
    assert eligibility_failures(U16_GIRLS, Applicant()) == [Failure.SEX_MISSING,
                                                             Failure.BIRTH_YEAR_MISSING]


def test_art_18_a_veterans_upper_birth_year():
    veterans = Eligibility(born_to=1966)  # 60 or older in 2026
    assert eligibility_failures(veterans, Applicant(birth_year=1966)) == []
    assert eligibility_failures(veterans, Applicant(birth_year=1967)) == [Failure.BORN_TOO_LATE]


def test_art_18_rating_band_unrated_allowed():
    band = Eligibility(rating_min=1600, rating_max=1999)
    assert eligibility_failures(band, Applicant(rating=1600)) == []
    assert eligibility_failures(band, Applicant(rating=1999)) == []
    assert eligibility_failures(band, Applicant(rating=1599)) == [Failure.RATING_BELOW]
    assert eligibility_failures(band, Applicant(rating=2000)) == [Failure.RATING_ABOVE]
    assert eligibility_failures(band, Applicant(rating=None)) == []
    assert eligibility_failures(band, Applicant(rating=0)) == []  # some lists write 0


def test_art_18_rating_band_needs_a_rating():
    band = Eligibility(rating_min=1600, unrated=Unrated.REFUSED)
    assert eligibility_failures(band, Applicant(rating=None)) == [Failure.UNRATED]
    assert eligibility_failures(band, Applicant(rating=1700)) == []


def test_art_18_unrated_only():
    beginners = Eligibility(unrated=Unrated.ONLY)
    assert eligibility_failures(beginners, Applicant(rating=None)) == []
    assert eligibility_failures(beginners, Applicant(rating=1200)) == [Failure.RATED]


def test_art_18_provinces_compared_without_accents_or_case():
    north = Eligibility(provinces=("Hà Nội", "Hải Phòng", "Đà Nẵng"))
    for written in ("Hà Nội", "ha noi", "HÀ  NỘI", "Ha Noi"):
        assert eligibility_failures(north, Applicant(province=written)) == [], written
    assert eligibility_failures(north, Applicant(province="Da Nang")) == []
    assert eligibility_failures(north, Applicant(province="Hải Dương")) == [Failure.PROVINCE]
    assert eligibility_failures(north, Applicant(province="")) == [Failure.PROVINCE]
    assert folded("Đồng  Nai") == "dong nai"


def test_art_18_federations():
    asia = Eligibility(federations=("VIE", "CHN"))
    assert eligibility_failures(asia, Applicant(federation="vie")) == []
    assert eligibility_failures(asia, Applicant(federation="GER")) == [Failure.FEDERATION]


def test_art_18_members_only_names_the_register_players_who_are_members():
    club = Eligibility(members=frozenset({7, 9}))
    assert eligibility_failures(club, Applicant(player=7)) == []
    assert eligibility_failures(club, Applicant(player=8)) == [Failure.NOT_A_MEMBER]
    assert eligibility_failures(club, Applicant()) == [Failure.NOT_A_MEMBER]  # new to the register
    assert eligibility_failures(Eligibility(members=frozenset()), Applicant(player=7)) == [
        Failure.NOT_A_MEMBER]  # a club without members takes nobody
    assert not club.open and Eligibility(members=None).open


def test_an_empty_rule_allows_everyone():
    assert Eligibility().open and not U16_GIRLS.open
    assert eligibility_failures(Eligibility(), Applicant()) == []
