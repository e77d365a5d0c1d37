"""The print sheets' data: the alphabetical pairings list as a property over any
names and boards, and a PDF job that fails with the reason when its round is gone."""

from types import SimpleNamespace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.tournaments.builders import played_event
from tournaments.models import JobStatus
from tournaments.printing.sheets import by_name
from tournaments.services.jobs import pdf_start
from tournaments.tasks import pdf_build
from tournaments.text import name_sort_key

WORDS = ["Nguyễn", "Trần", "Lê", "Phạm", "Văn", "Thị", "Hữu", "An", "Ánh", "Bình", "Đức",
         "Hường", "Ất", "Ấn", "Yến", "Ý"]
NAMES = st.lists(st.sampled_from(WORDS), min_size=1, max_size=4).map(" ".join)


def entry(pk, name):
    return SimpleNamespace(pk=pk, name=name, number=pk)


@given(st.lists(NAMES, min_size=1, max_size=30), st.booleans())
def test_every_entry_once_in_given_name_order_with_its_board_and_colour(names, bye):
    entries = [entry(k, name) for k, name in enumerate(names, start=1)]
    boards = [SimpleNamespace(number=k // 2 + 1, white=entries[k],
                              black=entries[k + 1] if k + 1 < len(entries) else None)
              for k in range(0, len(entries), 2)]
    rows = by_name(boards)
    assert sorted(row["entry"].pk for row in rows) == [e.pk for e in entries]
    keys = [name_sort_key(row["entry"].name) for row in rows]
    assert keys == sorted(keys)
    for row in rows:
        board = row["board"]
        assert (board.white if row["white"] else board.black) is row["entry"]
        assert row["opponent"] is (board.black if row["white"] else board.white)


def test_given_names_first_as_vietnamese_lists_are():
    boards = [SimpleNamespace(number=1, white=entry(1, "Trần Văn An"), black=entry(2, "Lê Bình")),
              SimpleNamespace(number=2, white=entry(3, "Nguyễn Ánh"), black=None)]
    assert [row["entry"].name for row in by_name(boards)] == [
        "Trần Văn An", "Nguyễn Ánh", "Lê Bình"]


@pytest.mark.django_db
@pytest.mark.usefixtures("media_root")
def test_a_pdf_job_whose_round_is_gone_fails_with_the_reason(make_event, organiser,
                                                            chief_arbiter, arbiter):
    event = played_event(make_event, organiser, chief_arbiter, arbiter, 4)
    job = pdf_start(event=event, actor=organiser, sheet="scoresheets", round=2,
                    public_url="https://giai.example/events/x/", lang="en")
    job.params["round"] = 42  # as if the round were deleted while the job waited
    job.save(update_fields=["params"])
    pdf_build.apply(args=[job.pk])
    job.refresh_from_db()
    assert job.status == JobStatus.FAILED and not job.file
    assert job.error == ("Round 42 cannot be printed: it has not been paired and published "
                         "yet.")
