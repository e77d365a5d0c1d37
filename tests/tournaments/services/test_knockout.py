"""Knockout through the services (appendix §2, §3): seeding, byes, matches of
several games with the statute's tie-break chain, walkovers after withdrawals, advancing,
corrections, placings."""

import pytest
from django.utils import translation

from tests.tournaments.builders import PlayerFactory
from tournaments.errors import ServiceError
from tournaments.models import Board, Entry, Game, Round, RoundStatus
from tournaments.selectors.knockout import event_bracket
from tournaments.services.entries import entry_register, entry_withdraw
from tournaments.services.formats import round_start
from tournaments.services.knockout import bracket_start
from tournaments.services.results import game_result_record, result_record
from tournaments.services.rounds import round_complete, round_delete, round_publish

pytestmark = pytest.mark.django_db


def ko_event(make_event, organiser, n, **statute):
    """An event with ``n`` players; ratings fall with registration order, so seed k is the
    k-th player registered when seeding by rating."""
    event = make_event(format=statute.pop("format", "ko"), **statute)
    entries = [entry_register(event=event, actor=organiser, player=p)
               for p in PlayerFactory.create_batch(n)]
    return event, entries


def publish_all(event, chief):
    for round_ in event.rounds_set.filter(status=RoundStatus.DRAFT).order_by("number"):
        round_publish(round_=round_, actor=chief)


def open_boards(event):
    return list(Board.objects.filter(round__event=event, round__status=RoundStatus.PUBLISHED,
                                     black__isnull=False, result="")
                .exclude(match_code="").select_related("white", "black")
                .order_by("round__number", "number"))


def enter(game, result, arbiter):
    game.refresh_from_db()
    return game_result_record(game=game, result=result, actor=arbiter,
                              expected_version=game.version)


def win_game(game, board, winner_id):
    """The result by which ``winner_id`` wins ``game`` of ``board``."""
    white = board.white_id if game.white_first else board.black_id
    return "1-0" if white == winner_id else "0-1"


def play(board, winner_id, arbiter, *, tied_levels=0):
    """Play the board's games until ``winner_id`` has won; the first ``tied_levels`` levels are
    drawn (each game a draw, so the level ends tied and the next one is created)."""
    for _ in range(40):
        board.refresh_from_db()
        if board.result:
            return board
        game = board.games.filter(result="").order_by("number").first()
        assert game is not None, f"{board.match_code}: undecided with no game to play"
        result = "1/2-1/2" if game.level < tied_levels else win_game(game, board, winner_id)
        enter(game, result, arbiter)
    raise AssertionError("the match never ended")


def seed_of(entry_id):
    return Entry.objects.get(pk=entry_id).number


def better_seed(board):
    return min((board.white_id, board.black_id), key=seed_of)


def test_twelve_entry_double_elimination_to_a_champion(make_event, organiser, chief_arbiter,
                                                       arbiter):
    event, entries = ko_event(make_event, organiser, 12, format="dko")
    assert event.games_per_match == 2  # the law's default for knockout (appendix §2)
    rounds = list(round_start(event=event, actor=chief_arbiter).rounds)
    assert [r.number for r in rounds] == [1]
    # Seeds by rating: the first registered is seed 1.
    assert [Entry.objects.get(pk=e.pk).number for e in entries] == list(range(1, 13))
    first = Round.objects.get(event=event, number=1)
    # Appendix §2: X = (12 - 8) * 2 = 8 play round 1, seeds 1-4 have a bye into round 2.
    matches = first.boards.exclude(match_code="")
    byes = first.boards.filter(black__isnull=True)
    assert matches.count() == 4
    assert sorted(b.white.number for b in byes) == [1, 2, 3, 4]
    for board in matches:
        # Art. 4.2.2: the board names first the entry the lot gave White in game 1.
        assert [(g.number, g.white_first, g.level) for g in board.games.all()] == [
            (1, True, 0), (2, False, 0)]
    publish_all(event, chief_arbiter)

    walkover_done = tie_done = upset_done = False
    played = 0
    while True:
        boards = open_boards(event)
        if not boards:
            publish_all(event, chief_arbiter)
            boards = open_boards(event)
        if not boards:
            break
        for board in boards:
            board.refresh_from_db()
            if board.result:
                continue
            played += 1
            winner = better_seed(board)
            if board.match_code == "A2.1" and not tie_done:
                # Tied twice (two games, then two more), decided in the rapid games.
                play(board, winner, arbiter, tied_levels=2)
                kinds = list(board.games.order_by("number").values_list("level", "kind"))
                assert kinds[:6] == [(0, "regular"), (0, "regular"), (1, "regular"),
                                     (1, "regular"), (2, "rapid"), (2, "rapid")]
                assert all(g.white_first == (g.number % 2 == 1) for g in board.games.all())
                tie_done = True
                continue
            if board.match_code == "A1.2" and not upset_done:
                winner = board.black_id if winner == board.white_id else board.white_id
                upset_done = True
            if board.match_code.startswith("B2") and not walkover_done:
                # A player withdraws while their B match waits: the opponent wins by walkover.
                loser = board.white_id if winner == board.black_id else board.black_id
                last = event.rounds_set.order_by("-number").first().number
                entry_withdraw(entry=Entry.objects.get(pk=loser), actor=organiser,
                               after_round=last)
                board.refresh_from_db()
                assert board.result in ("+/-", "-/+")
                assert Board.objects.get(pk=board.pk).games.filter(result="").count() == 0
                walkover_done = True
                continue
            play(board, winner, arbiter)
    assert tie_done and upset_done and walkover_done
    view = event_bracket(event, staff=False)
    assert view.champion is not None
    assert view.champion.number == 1
    # Appendix §3: 2a - 2 matches, one more when the decider is played.
    decided = Board.objects.filter(round__event=event).exclude(match_code="")
    assert decided.count() in (22, 23)
    assert not decided.filter(result="").exists()
    assert [p.place for p in view.placings][:2] == [1, 2]
    assert sorted(p.entry.pk for p in view.placings) == sorted(e.pk for e in entries)
    # Every stage is its own round; A and B run in parallel in the same round.
    assert Round.objects.filter(event=event).count() == 8
    assert {b.bracket for b in Board.objects.filter(round__event=event, round__number=5)
            } == {"B"}
    assert {b.bracket for b in Board.objects.filter(round__event=event, round__number=4)
            } == {"A", "B"}


def test_one_game_matches_colours_by_lots_and_a_draw_goes_to_tie_break(
        make_event, organiser, chief_arbiter, arbiter):
    event, _ = ko_event(make_event, organiser, 4, games_per_match=1,
                        tiebreak_games=[["blitz", 2], ["armageddon", 1]])
    bracket_start(event=event, actor=chief_arbiter, seed=7)
    publish_all(event, chief_arbiter)
    board = Board.objects.get(round__event=event, match_code="A1.1")
    (game,) = board.games.all()
    assert game.white_first and game.level == 0
    enter(game, "1/2-1/2", arbiter)
    board.refresh_from_db()
    assert board.result == ""
    assert list(board.games.order_by("number").values_list("number", "level", "kind",
                                                           "white_first")) == [
        (1, 0, "regular", True), (2, 1, "blitz", False), (3, 1, "blitz", True)]
    g2, g3 = board.games.filter(level=1).order_by("number")
    enter(g2, "1-0", arbiter)  # Black of game 1 wins with White
    enter(g3, "1-0", arbiter)  # the first-named entry wins with White
    armageddon = board.games.get(level=2)
    assert armageddon.kind == "armageddon" and armageddon.white_first is False
    enter(armageddon, "1/2-1/2", arbiter)  # a drawn deciding game goes to Black
    board.refresh_from_db()
    assert board.result == "1-0"  # the first-named entry had Black in game 4


def test_lots_seeding_is_recorded_and_reproducible(make_event, organiser, chief_arbiter):
    event, entries = ko_event(make_event, organiser, 6, seeding="lots")
    bracket_start(event=event, actor=chief_arbiter, seed=1234)
    event.refresh_from_db()
    assert (event.numbers_method, event.numbers_seed) == ("lots", 1234)
    seeds = {e.pk: e.number for e in Entry.objects.filter(event=event)}
    assert sorted(seeds.values()) == list(range(1, 7))
    assert event.rounds_set.count() == 1
    round_delete(round_=event.rounds_set.get(number=1), actor=chief_arbiter)
    bracket_start(event=event, actor=chief_arbiter, seed=1234)
    assert {e.pk: e.number for e in Entry.objects.filter(event=event)} == seeds


def test_list_seeding_follows_the_organisers_numbers(make_event, organiser, chief_arbiter):
    from tournaments.services.entries import numbers_draw

    event, entries = ko_event(make_event, organiser, 4, seeding="list")
    numbers_draw(event=event, actor=organiser, method="manual",
                 numbers={e.pk: 4 - i for i, e in enumerate(entries)})
    bracket_start(event=event, actor=chief_arbiter)
    assert Entry.objects.get(pk=entries[3].pk).number == 1
    board = Board.objects.get(round__event=event, match_code="A1.1")
    assert {board.white_id, board.black_id} == {entries[3].pk, entries[0].pk}  # 1 v 4


def test_five_entries_byes_and_ready_round_two(make_event, organiser, chief_arbiter, arbiter):
    event, entries = ko_event(make_event, organiser, 5, third_place_match=True)
    rounds = bracket_start(event=event, actor=chief_arbiter)
    # X = (5 - 4) * 2 = 2 play round 1; seeds 1-3 get byes; 3 v 2 is ready at once.
    assert [r.number for r in rounds] == [1, 2]
    assert Board.objects.filter(round__number=1, round__event=event, black__isnull=True
                                ).count() == 3
    assert list(Board.objects.filter(round__event=event, round__number=2)
                .values_list("match_code", flat=True)) == ["A2.2"]
    with pytest.raises(ServiceError):
        round_start(event=event, actor=chief_arbiter)  # already drawn


def test_walkover_mid_match_and_both_withdrawn(make_event, organiser, chief_arbiter, arbiter):
    event, entries = ko_event(make_event, organiser, 8)
    bracket_start(event=event, actor=chief_arbiter)
    publish_all(event, chief_arbiter)
    board = Board.objects.get(round__event=event, match_code="A1.1")  # 1 v 8
    g1 = board.games.get(number=1)
    enter(g1, win_game(g1, board, board.black_id), arbiter)
    # Seed 1 withdraws after losing game 1: the match is a walkover for the opponent.
    one = Entry.objects.get(event=event, number=1)
    entry_withdraw(entry=one, actor=organiser, after_round=1)
    board.refresh_from_db()
    other = board.black_id if board.white_id == one.pk else board.white_id
    assert board.result == ("-/+" if board.white_id == one.pk else "+/-")
    assert list(board.games.values_list("number", flat=True)) == [1]  # game 2 never played
    # Game results on a board decided by a ruling are refused until the ruling is cleared.
    with pytest.raises(ServiceError):
        enter(g1, "1/2-1/2", arbiter)
    # Seed 4 wins A1.2 by play, then withdraws before A2.1 is played: walkover for the
    # player who went through A1.1.
    a12 = Board.objects.get(round__event=event, match_code="A1.2")
    four = Entry.objects.get(event=event, number=4)
    play(a12, four.pk, arbiter)
    a21 = Board.objects.get(round__event=event, match_code="A2.1")
    assert {a21.white_id, a21.black_id} == {other, four.pk}
    assert a21.result == ""
    entry_withdraw(entry=four, actor=organiser, after_round=1)
    a21.refresh_from_db()
    assert a21.result == ("+/-" if a21.white_id == other else "-/+")
    assert not a21.games.exists()
    # Both players of a match cannot both be ruled out by hand: one must go through.
    a13 = Board.objects.get(round__event=event, match_code="A1.3")
    with pytest.raises(ServiceError):
        result_record(board=a13, result="-/-", actor=arbiter, expected_version=a13.version)


def test_correction_moves_the_next_match_or_is_refused(make_event, organiser, chief_arbiter,
                                                       arbiter):
    event, _ = ko_event(make_event, organiser, 4, games_per_match=1)
    bracket_start(event=event, actor=chief_arbiter)
    publish_all(event, chief_arbiter)
    b1 = Board.objects.get(round__event=event, match_code="A1.1")
    b2 = Board.objects.get(round__event=event, match_code="A1.2")
    play(b1, b1.white_id, arbiter)
    play(b2, b2.white_id, arbiter)
    final = Board.objects.get(round__event=event, match_code="A2.1")
    assert {final.white_id, final.black_id} == {b1.white_id, b2.white_id}
    # Correcting A1.1 before the final is played moves the final's player.
    g = b1.games.get(number=1)
    enter(g, "0-1", arbiter)
    final = Board.objects.get(round__event=event, match_code="A2.1")
    assert {final.white_id, final.black_id} == {b1.black_id, b2.white_id}
    # Once the final has a result, A1.1 cannot change any more.
    play(final, final.white_id, arbiter)
    with pytest.raises(ServiceError):
        enter(g, "1-0", arbiter)
    assert Board.objects.get(pk=b1.pk).result == "0-1"


def test_games_after_the_decision_are_refused(make_event, organiser, chief_arbiter, arbiter):
    event, _ = ko_event(make_event, organiser, 2)
    bracket_start(event=event, actor=chief_arbiter)
    publish_all(event, chief_arbiter)
    board = Board.objects.get(round__event=event, match_code="A1.1")
    g1, g2 = board.games.order_by("number")
    enter(g1, "1-0", arbiter)
    enter(g2, "1-0", arbiter)  # 1-1: two more games
    g3 = board.games.get(number=3)
    enter(g3, "1-0", arbiter)
    # Correcting game 2 to a win for the first-named decides the match at game 2: game 3 is
    # then beyond the decision and the correction is refused.
    with pytest.raises(ServiceError):
        enter(g2, "0-1", arbiter)
    enter(g3, "", arbiter)
    enter(g2, "0-1", arbiter)
    board.refresh_from_db()
    assert board.result == "1-0"
    assert board.games.count() == 2  # the unplayed tie-break games are gone


def test_whole_match_forfeit_and_round_close(make_event, organiser, chief_arbiter, arbiter):
    event, _ = ko_event(make_event, organiser, 3)
    bracket_start(event=event, actor=chief_arbiter)
    publish_all(event, chief_arbiter)
    board = Board.objects.get(round__event=event, match_code="A1.1")
    with pytest.raises(ServiceError):
        result_record(board=board, result="1-0", actor=arbiter, expected_version=board.version)
    result_record(board=board, result="-/+", actor=arbiter, expected_version=board.version)
    round_complete(round_=event.rounds_set.get(number=1), actor=chief_arbiter)
    final = Board.objects.get(round__event=event, match_code="A2.1")
    assert final.black_id == board.black_id or final.white_id == board.black_id
    assert final.round.status == RoundStatus.PUBLISHED
    assert Game.objects.filter(board=final).count() == 2


def test_appendix_3_decider_when_the_bracket_b_player_wins_the_final(
        make_event, organiser, chief_arbiter, arbiter):
    event, entries = ko_event(make_event, organiser, 4, format="dko", games_per_match=1)
    bracket_start(event=event, actor=chief_arbiter)
    publish_all(event, chief_arbiter)
    while True:
        publish_all(event, chief_arbiter)
        boards = open_boards(event)
        if not boards:
            break
        for board in boards:
            if board.match_code == "F":
                # Bracket B's player beats the so far unbeaten A player: one match more.
                a_player = Board.objects.get(round__event=event, match_code="A2.1")
                a_winner = a_player.white_id if a_player.result == "1-0" else a_player.black_id
                play(board, board.black_id if board.white_id == a_winner else board.white_id,
                     arbiter)
            else:
                play(board, better_seed(board), arbiter)
    decider = Board.objects.get(round__event=event, match_code="D")
    assert decider.bracket == "D" and decider.result
    view = event_bracket(event, staff=False)
    assert view.finished
    assert len(Board.objects.filter(round__event=event).exclude(match_code="")) == 2 * 4 - 2 + 1
    assert [(p.place, p.place_to) for p in view.placings] == [(1, 1), (2, 2), (3, 3), (4, 4)]


def test_deciding_game_lost_by_both_waits_for_the_chief_arbiters_ruling(
        make_event, organiser, chief_arbiter, arbiter):
    event, _ = ko_event(make_event, organiser, 2, games_per_match=1,
                        tiebreak_games=[["armageddon", 1]])
    bracket_start(event=event, actor=chief_arbiter)
    publish_all(event, chief_arbiter)
    board = Board.objects.get(round__event=event, match_code="A1.1")
    enter(board.games.get(number=1), "1/2-1/2", arbiter)
    deciding = board.games.get(level=1)
    assert deciding.kind == "armageddon"
    enter(deciding, "0-0", arbiter)  # both lose (Art. 7.1 i): nothing decides
    board.refresh_from_db()
    assert board.result == ""
    with translation.override("en"):
        assert "chief arbiter" in event_bracket(event, staff=True).matches[0].note
    result_record(board=board, result="+/-", actor=chief_arbiter,
                  expected_version=board.version)
    assert event_bracket(event, staff=False).champion.pk == board.white_id


def test_statute_chain_without_a_deciding_level_ends_with_lots(make_event, organiser,
                                                               chief_arbiter, arbiter):
    from tournaments.adapters.knockout import minimatch_rules

    event, _ = ko_event(make_event, organiser, 2, games_per_match=2,
                        tiebreak_games=[["rapid", 2]])
    assert [lv.kind for lv in minimatch_rules(event).levels] == ["regular", "rapid", "lots"]
    bracket_start(event=event, actor=chief_arbiter, seed=5)
    publish_all(event, chief_arbiter)
    board = Board.objects.get(round__event=event, match_code="A1.1")
    for _ in range(4):
        enter(board.games.filter(result="").order_by("number").first(), "1/2-1/2", arbiter)
    board.refresh_from_db()
    assert board.result in ("1-0", "0-1")  # the recorded lot decided
    with translation.override("en"):
        assert event_bracket(event, staff=False).matches[0].note == "decided by lots"
    event.tiebreak_games = [["armageddon", 1], ["rapid", 2]]
    event.save()
    with pytest.raises(ServiceError):
        bracket_start(event=event, actor=chief_arbiter)  # drawn already, and the chain is invalid


def test_a_correction_that_reopens_a_match_reopens_its_closed_round(
        make_event, organiser, chief_arbiter, arbiter):
    event, _ = ko_event(make_event, organiser, 4, games_per_match=1)
    bracket_start(event=event, actor=chief_arbiter)
    publish_all(event, chief_arbiter)
    for board in open_boards(event):
        play(board, board.white_id, arbiter)
    first = event.rounds_set.get(number=1)
    round_complete(round_=first, actor=chief_arbiter)
    board = Board.objects.get(round=first, match_code="A1.1")
    game = board.games.get(number=1)
    game_result_record(game=game, result="1/2-1/2", actor=chief_arbiter,
                       expected_version=game.version, reason="scoresheet says draw")
    first.refresh_from_db()
    assert first.status == RoundStatus.PUBLISHED
    assert board.games.filter(level=1).count() == 2  # the statute's two more games
    assert not Board.objects.filter(round__event=event, match_code="A2.1").exists()


def test_appendix_2_the_default_chain_is_the_laws_options_and_no_deciding_game(
        make_event, organiser, chief_arbiter, arbiter):
    """Appendix §2 names two more games, rapid and blitz games: with the statute's default, a
    match drawn at every level plays 2 + 2 + 2 rapid + 2 blitz games and no deciding game;
    the lot (the documented last resort) decides."""
    event, _ = ko_event(make_event, organiser, 2)
    bracket_start(event=event, actor=chief_arbiter, seed=3)
    publish_all(event, chief_arbiter)
    board = Board.objects.get(round__event=event, match_code="A1.1")
    for _ in range(8):
        enter(board.games.filter(result="").order_by("number").first(), "1/2-1/2", arbiter)
    board.refresh_from_db()
    assert board.result in ("1-0", "0-1")
    assert list(board.games.order_by("number").values_list("kind", flat=True)) == [
        "regular", "regular", "regular", "regular", "rapid", "rapid", "blitz", "blitz"]
    with translation.override("en"):
        assert event_bracket(event, staff=False).matches[0].note == "decided by lots"
        assert event_bracket(event, staff=False).tie_rule == (
            "2 more games, then 2 rapid games, then 2 blitz games, then lots if still level")


def test_appendix_2_deciding_game_colours_are_chosen_by_the_higher_seed(
        make_event, organiser, chief_arbiter, arbiter, stranger):
    """Chinese practice, when the statute names a deciding game: one last game, the
    higher-placed player chooses the colours; a draw counts for Black."""
    from django.core.exceptions import PermissionDenied

    from tournaments.services.knockout import armageddon_colour_choose

    event, _ = ko_event(make_event, organiser, 2, games_per_match=1,
                        tiebreak_games=[["armageddon", 1]])
    bracket_start(event=event, actor=chief_arbiter, seed=11)
    publish_all(event, chief_arbiter)
    board = Board.objects.get(round__event=event, match_code="A1.1")
    first = board.games.get(number=1)
    with pytest.raises(ServiceError, match="alternate"):
        armageddon_colour_choose(game=first, actor=arbiter, white=board.white_id,
                                 expected_version=first.version)
    enter(first, "1/2-1/2", arbiter)
    deciding = board.games.get(kind="armageddon")
    assert deciding.white_first is False  # the alternation, until the choice is recorded
    higher = better_seed(board)
    with pytest.raises(PermissionDenied):
        armageddon_colour_choose(game=deciding, actor=stranger, white=higher,
                                 expected_version=deciding.version)
    with pytest.raises(ServiceError, match="two players"):
        armageddon_colour_choose(game=deciding, actor=arbiter, white=first.pk + 10**6,
                                 expected_version=deciding.version)
    # The alternation gives White to the second-named entry; the higher seed's choice gives it
    # to the first-named one, and the engine counts the game with the chosen colours.
    deciding = armageddon_colour_choose(game=deciding, actor=arbiter, white=board.white_id,
                                        expected_version=deciding.version)
    assert deciding.white_first is True
    enter(deciding, "1/2-1/2", arbiter)  # drawn: Black, the second-named entry, goes through
    board.refresh_from_db()
    assert board.result == "0-1"
    deciding.refresh_from_db()
    with pytest.raises(ServiceError, match="has a result"):
        armageddon_colour_choose(game=deciding, actor=arbiter, white=board.black_id,
                                 expected_version=deciding.version)
