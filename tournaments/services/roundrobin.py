"""Round robin: every round from the Berger tables (appendix §5), single or double.

Table numbers (*mã số*) must be drawn first (``services/entries.py: numbers_draw``). The rounds
are stored as drafts and published one at a time or all at once.
"""

from django.utils.translation import gettext as _

from pairings.berger import REST, berger_table
from tournaments.errors import ServiceError
from tournaments.models import ByeKind, Event, PairingMethod, Round
from tournaments.services._access import event_writer
from tournaments.services.rounds import BoardSpec, round_publish, round_store


def _numbered_entries(event: Event) -> dict[int, int]:
    entries = list(event.entries.all())
    numbers = {e.number: e.pk for e in entries if e.number}
    if len(entries) < 2:
        raise ServiceError(_("A round robin needs at least two entries."))
    if sorted(numbers) != list(range(1, len(entries) + 1)):
        raise ServiceError(_("Draw the table numbers first (every entry needs a number)."))
    return numbers


@event_writer(perm="tournaments.pair_round")
def round_robin_schedule(*, event: Event, actor, publish: bool = False) -> list[Round]:
    """Store every round of the event from the Berger tables: rule 5.2 says who meets whom in
    which round, rule 5.1 who has White; with an odd number of entries the one who meets the
    dummy number rests (a bye worth the statute's points for resting). Double round robin: the
    second cycle repeats the first with colours reversed (optionally FIDE C.05 Annex 1's order).
    """
    rules = event.format_rules
    if not rules.pairs_all_rounds_at_once:
        raise ServiceError(_("This event is not a round robin."))
    if event.rounds_set.exists():
        raise ServiceError(_("The rounds of this event are already drawn."))
    numbers = _numbered_entries(event)
    double = rules.cycles == 2
    table = berger_table(len(numbers), double=double,
                         fide_annex_swap=event.fide_cycle_swap and double)
    by_round: dict[int, list[BoardSpec]] = {}
    for line in table:
        if REST in (line.white, line.black):
            rester = line.white if line.black == REST else line.black
            spec = BoardSpec(line.board, numbers[rester], None, bye=ByeKind.PAIRING_ALLOCATED)
        else:
            spec = BoardSpec(line.board, numbers[line.white], numbers[line.black])
        by_round.setdefault(line.round, []).append(spec)
    rounds = []
    for number, specs in sorted(by_round.items()):
        round_ = round_store(event=event, number=number, boards=specs,
                             method=PairingMethod.BERGER, seed=event.numbers_seed, actor=actor)
        rounds.append(round_)
    if publish:
        for round_ in rounds:
            round_publish(round_=round_, actor=actor)
    return rounds
