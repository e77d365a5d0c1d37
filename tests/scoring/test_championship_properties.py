"""Properties of qualification, seeding and overall results on random stages (hypothesis)."""

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.overall import StageResult, overall
from scoring.qualification import Rule, Standing, qualify
from scoring.seeding import interleaved, snake


def _table(players, points, tiebreaks):
    rows = sorted(zip(players, points, tiebreaks, strict=True), key=lambda r: (-r[1], -r[2]))
    out = []
    for i, (player, pts, tb) in enumerate(rows):
        score = (Fraction(pts, 2), tb)
        rank = out[-1].rank if out and out[-1].score == score else i + 1
        out.append(Standing(player, rank, score))
    return tuple(out)


@st.composite
def stages(draw):
    sizes = draw(st.lists(st.integers(2, 7), min_size=1, max_size=4))
    names = iter(range(1000))
    groups = []
    for size in sizes:
        players = [next(names) for _ in range(size)]
        points = draw(st.lists(st.integers(0, 8), min_size=size, max_size=size))
        tbs = draw(st.lists(st.integers(0, 3), min_size=size, max_size=size))
        groups.append(_table(players, points, tbs))
    per_group = len(groups) > 1 and draw(st.booleans())
    if per_group:
        count = draw(st.integers(1, min(sizes)))
        spare = sum(1 for s in sizes if s > count)
        best = draw(st.integers(0, spare))
    else:
        count, best = draw(st.integers(1, sum(sizes))), 0
    ties = draw(st.sampled_from(["tiebreaks", "playoff"]))
    return groups, Rule(count=count, per_group=per_group, best_next=best, ties=ties)


@settings(max_examples=200, deadline=None)
@given(stages())
def test_qualification_takes_exactly_the_statute_s_number_once_play_offs_are_decided(case):
    groups, rule = case
    everyone = {s.player for g in groups for s in g}
    winners: list = []  # in the order the arbiter records them
    for _ in range(len(groups) + 2):
        result = qualify(rule, groups, winners)
        assert len(set(result.qualified)) == len(result.qualified)
        assert set(result.qualified) <= everyone
        waiting = sum(p.places for p in result.playoffs)
        assert len(result.qualified) + waiting <= rule.total(len(groups)) <= len(everyone)
        for playoff in result.playoffs:
            assert not set(playoff.players) & set(result.qualified)
            assert 1 <= playoff.places < len(playoff.players)
            winners += playoff.players[:playoff.places]
        if result.complete:
            break
    assert result.complete and len(result.qualified) == rule.total(len(groups))


@settings(max_examples=200, deadline=None)
@given(stages(), st.data())
def test_overall_places_every_player_once_in_a_consistent_order(case, data):
    groups, rule = case
    result = qualify(rule, groups)
    later = [s for g in groups for s in g if s.player in result.qualified]
    ko = data.draw(st.permutations(later))
    final = tuple(Standing(s.player, i + 1) for i, s in enumerate(ko))
    split = data.draw(st.booleans())
    places = overall([StageResult(tuple(groups)), StageResult((final,), split_shared=split)])
    everyone = [s.player for g in groups for s in g]
    assert sorted(p.player for p in places) == sorted(everyone)
    assert [p.player for p in places[:len(final)]] == [s.player for s in final]
    for p in places:
        block = [q for q in places if q.place == p.place]
        assert p.place_to == p.place + len(block) - 1
        assert p.place == 1 + sum(1 for q in places if q.place < p.place)


@given(st.integers(2, 30), st.integers(2, 6))
def test_snake_deals_everyone_once_into_groups_differing_by_one(n, groups):
    if groups > n:
        return
    dealt = snake(list(range(n)), groups)
    assert sorted(p for g in dealt for p in g) == list(range(n))
    assert max(map(len, dealt)) - min(map(len, dealt)) <= 1
    # Two laps there and back give every group the same sum of seed numbers.
    laps = 2 * (n // (2 * groups))
    assert len({sum(g[:laps]) for g in dealt}) == 1


@given(st.integers(2, 8), st.integers(1, 4))
def test_interleaving_is_a_permutation_that_never_pairs_a_group_with_itself(groups, per_group):
    lists = [[(g, place) for place in range(per_group)] for g in range(groups)]
    order = interleaved(lists)
    assert sorted(order) == sorted(p for g in lists for p in g)
    if per_group % 2 == 0:
        size = len(order)
        assert all(order[i][0] != order[size - 1 - i][0] for i in range(size))


@settings(max_examples=150, deadline=None)
@given(st.integers(4, 16), st.data())
def test_three_stages_place_the_furthest_stage_first(n, data):
    players = list(range(n))
    first = _table(players, data.draw(st.lists(st.integers(0, 8), min_size=n, max_size=n)),
                   [0] * n)
    second_count = data.draw(st.integers(2, n))
    second_players = [s.player for s in first[:second_count]]
    # Stage 2: placement groups (title and lower places), stage 3: a final of two.
    cut = data.draw(st.integers(1, second_count - 1))
    shuffled = data.draw(st.permutations(second_players))
    blocks = (tuple(Standing(p, i + 1) for i, p in enumerate(shuffled[:cut])),
              tuple(Standing(p, i + 1) for i, p in enumerate(shuffled[cut:])))
    finalists = [b[0].player for b in blocks]
    final = (Standing(finalists[1], 1), Standing(finalists[0], 2))
    places = overall([StageResult((first,)), StageResult(blocks, placement=True),
                      StageResult((final,))])
    order = [p.player for p in places]
    assert sorted(order) == players
    assert order[:2] == [finalists[1], finalists[0]]
    reached = set(second_players)
    # Everyone who reached stage 2 is above everyone who did not.
    assert all(order.index(a) < order.index(b) for a in reached
               for b in set(players) - reached)
    assert {p.stage for p in places if p.player in reached - set(finalists)} <= {1}
