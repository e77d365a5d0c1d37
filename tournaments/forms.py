"""Forms of the staff pages. They validate input; services do the writing."""

from django import forms
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _

from scoring.presets import PRESETS
from scoring.standings import (
    LAW_ROUND_ROBIN,
    LAW_SWISS,
    LAW_TEAMS,
    NAMED_ORDERS,
    resolve_order,
)
from scoring.tiebreaks import REGISTRY
from tournaments.models import (
    FORMAT_RULES,
    Category,
    Championship,
    Event,
    Format,
    FoulArticle,
    FoulKind,
    MoveNotation,
    Player,
    ScoringSystem,
    Stage,
)
from tournaments.models.statute import default_tiebreak_games, validate_tiebreak_order
from tournaments.services.events import law_defaults
from tournaments.tiebreak_labels import (
    PRESET_NAMES,
    chain_words,
    definition,
    full_name,
    preset_source,
)

BASICS = ["name", "start_date", "end_date", "venue", "organiser", "format", "participant_kind",
          "rounds", "official"]
SCORING = ["scoring", "points_win", "points_draw", "points_loss", "points_bye", "points_rest",
           "games_per_match", "tiebreaks", "foul_kinds", "team_ranks_by", "team_ranks_members"]
TIME = ["time_base_minutes", "time_increment_seconds", "time_check_moves",
        "time_check_minutes", "forfeit_minutes"]
PAIRING = ["initial_colour", "dutch_edition", "acceleration", "forbid_same_club",
           "fide_cycle_swap"]
KNOCKOUT = ["seeding", "third_place_match", "tiebreak_games"]
TEAMS = ["team_boards", "team_reserves", "team_scoring", "team_match_points_win",
         "team_match_points_draw", "team_knockout_decider"]
RATING = ["rated", "rating_table", "rating_cap"]
SECTIONS = [
    (_("The event"), BASICS), (_("Scoring and ranking"), SCORING), (_("Time control"), TIME),
    (_("Pairing"), PAIRING), (_("Knockout (appendix §2, §3)"), KNOCKOUT),
    (_("Teams (appendix §4)"), TEAMS), (_("Rating"), RATING),
]
# Sections that apply to some events only: hidden by static/js/statute.js for the others, and
# ignored by the server (the event keeps its values) when posted for an event they do not fit.
SECTION_FOR = {
    "knockout": (KNOCKOUT, _("Knockout events only.")),
    "team": (TEAMS, _("Team events only.")),
}
TIEBREAK_CHOICES = ["H2H", "DE", "SB", "SB/C1", "BH", "BH/C1", "BH/C2", "BH/M1", "BH/M2", "AOB",
                    "PS", "WIN", "WON", "BPG", "BWG", "ARO", "BRD", "LOT",
                    # Team events (appendix §4): the other score, and SB / BH computed on match
                    # points or on board (game) points.
                    "MPTS", "GPTS", "SB:MP", "SB:GP", "BH:MP", "BH:GP",
                    # Xiangqi regulations (CXA, AXF, WXF) and FIDE C.07 §10 performance.
                    "OS", "OSP", "OS0", "FOUL", "WWG", "H2H2", "TPR", "PTP", "APRO", "APPO"]
# Art. 21.4, the law's own words for the Swiss order: only "hệ số", and a chapter 6 the law does
# not contain. Quoted as the law writes it; the form explains it in the reader's language.
LAW_SWISS_WORDS = ("Xếp thứ hạng theo tổng điểm. Nếu bằng nhau thì tính đến hệ số của đấu thủ, "
                   "ai có hệ số cao hơn được xếp trên (xem phần thể thức thi đấu ở chương 6).")
LEVEL_KINDS = ("regular", "rapid", "blitz", "armageddon", "lots")


def swiss_rounds_guidance(players: int) -> str:
    """Appendix §1: 20–30 players 7–9 rounds; 30–50: 9 or 11; more: 11 or 13."""
    if players < 20:
        return _("Fewer than 20 players: a round robin may suit better than a Swiss.")
    if players <= 30:
        return _("20–30 players: 7 to 9 rounds.")
    if players <= 50:
        return _("30–50 players: 9 or 11 rounds.")
    return _("More than 50 players: 11 or 13 rounds.")


class TiebreakOrderField(forms.CharField):
    """The statute's tie-break order (Art. 21.3: "the statute may say which criterion comes
    first"): codes separated by commas, in order; empty for the law's default."""

    def prepare_value(self, value):
        """The stored list as the box shows it: "BH/C1, SB"; the law's order (``[]``) as an
        empty box, never the list's "[]" that would be refused when sent back."""
        if isinstance(value, (list, tuple)):
            return ", ".join(value)
        return value

    def to_python(self, value):
        text = super().to_python(value) or ""
        codes = [c.upper() for c in resolve_order(text) if c.upper() != "PTS"]
        validate_tiebreak_order(codes)  # the model's check, named under the field
        return codes


# Appendix §2: "đấu thêm hai ván nữa… hoặc… cờ nhanh, cờ chớp nhoáng": the chains the statute
# picks from, the law's options first; a deciding game or lots only where the statute says so.
CHAIN_PRESETS = (
    [["regular", 2], ["rapid", 2], ["blitz", 2]],
    [["regular", 2]],
    [["rapid", 2], ["blitz", 2]],
    [["rapid", 2]],
    [["blitz", 2]],
    [["regular", 2], ["rapid", 2], ["blitz", 2], ["armageddon", 1]],
    [["rapid", 2], ["blitz", 2], ["armageddon", 1]],
    [["blitz", 2], ["armageddon", 1]],
    [],
)


def chain_text(levels) -> str:
    """The stored chain as the form posts it: "regular 2, rapid 2"."""
    return ", ".join(f"{kind} {games}" for kind, games in levels)


class TiebreakGamesField(forms.CharField):
    """Tie-break levels of a tied match (appendix §2), chosen from the law's options shown in
    words (``tiebreak_labels.chain_words``); the value posted is "regular 2, rapid 2, …"."""

    def __init__(self, **kwargs):
        super().__init__(widget=forms.Select, **kwargs)
        self.chain_choices([])

    def chain_choices(self, current) -> None:
        """The presets, and the statute's own chain when it is none of them."""
        chains = [*CHAIN_PRESETS, *([current] if current and current not in CHAIN_PRESETS
                                    else [])]
        self.widget.choices = [(chain_text(c), chain_words(c)) for c in chains]

    def prepare_value(self, value):
        if isinstance(value, list):
            return chain_text(value)
        return value

    def to_python(self, value):
        text = super().to_python(value) or ""
        levels = []
        for part in filter(None, (p.strip() for p in text.split(","))):
            words = part.split()
            if len(words) != 2 or words[0] not in LEVEL_KINDS or not words[1].isdigit():
                raise forms.ValidationError(
                    _("Write each level as a kind (%(kinds)s) and a number of games, e.g. "
                      "“rapid 2”."), params={"kinds": ", ".join(LEVEL_KINDS)})
            levels.append([words[0], int(words[1])])
        return levels


LAW_DEFAULTED = ("games_per_match", "time_base_minutes", "scoring")


class StatuteForm(forms.ModelForm):
    tiebreaks = TiebreakOrderField(
        label=_("Tie-break order"), required=False,
        help_text=_("In order, separated by commas. Empty: the law's order for the format "
                    "(round robin, Art. 21.3: H2H, SB, WIN, BWG, LOT; teams, appendix §4: BRD, "
                    "LOT, after board points when match points rank first)."),
    )
    tiebreak_games = TiebreakGamesField(label=_("Tie-break games of a tied match"),
                                        required=False, initial=default_tiebreak_games)
    foul_kinds = forms.MultipleChoiceField(
        label=_("Penalties counted as fouls"), choices=FoulKind.choices, required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text=_("For the “fewer fouls” tie-break (FOUL); none ticked: every recorded "
                    "penalty."),
    )

    class Meta:
        model = Event
        fields = [f for _title, fields in SECTIONS for f in fields]
        widgets = {
            "start_date": forms.DateInput(attrs={"type": "date"}),
            "end_date": forms.DateInput(attrs={"type": "date"}),
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.instance and self.instance.tiebreaks:
            self.initial["tiebreaks"] = ", ".join(self.instance.tiebreaks)
        self.fields["tiebreak_games"].chain_choices(self.instance.tiebreak_games or [])
        if not self.instance.pk:
            # A new event: these follow the format unless the organiser sets them.
            law_note = _("Empty: the law's default for the format.")
            for name in LAW_DEFAULTED:
                field = self.fields[name]
                field.required = False
                self.initial[name] = None
                field.help_text = f"{field.help_text} {law_note}".strip()
            self.fields["scoring"].choices = [("", _("The law's default for the format")),
                                              *ScoringSystem.choices]
        self.tiebreak_options = [(code, full_name(code)) for code in TIEBREAK_CHOICES
                                 if code.split("/")[0].split(":")[0] in REGISTRY]
        self.law_swiss_words = LAW_SWISS_WORDS

    def tiebreak_widget_data(self) -> dict:
        """What the tie-break list on the page needs (static/js/tiebreaks.js): the criteria with
        their names, the law's order for each kind of event and the named orders."""
        def law(order):
            return [c for c in order if c != "PTS"]

        return {
            "options": [[code, str(name)] for code, name in self.tiebreak_options],
            "law": {"rr": law(LAW_ROUND_ROBIN), "swiss": law(LAW_SWISS),
                    "team_board": law(LAW_TEAMS), "team_match": ["GPTS", *law(LAW_TEAMS)]},
            "named": {name: law(order) for name, order in NAMED_ORDERS.items()},
            "definitions": {code: definition(code) for code, _name in self.tiebreak_options},
            "presets": [[p.name, str(PRESET_NAMES.get(p.name, p.name)), preset_source(p),
                         law(p.order)] for p in PRESETS],
        }

    def criteria_definitions(self) -> list[tuple[str, str, str]]:
        """What each criterion means, shown on the statute form beside its code."""
        return [(code, name, definition(code)) for code, name in self.tiebreak_options]

    def presets(self) -> list[tuple[str, str, str, str]]:
        """The named orders with their sources (scoring/presets.py)."""
        return [(p.name, str(PRESET_NAMES.get(p.name, p.name)), preset_source(p),
                 ", ".join(c for c in p.order if c != "PTS")) for p in PRESETS]

    def sections(self):
        """(title, bound fields, which events the section is for: "", "knockout", "team",
        and the words saying so)."""
        only = {tuple(fields): (key, note) for key, (fields, note) in SECTION_FOR.items()}
        return [(title, [self[f] for f in fields], *only.get(tuple(fields), ("", "")))
                for title, fields in SECTIONS]

    def _ignore_sections(self, data) -> None:
        """A section that does not fit the event (the team fields of an individual event, the
        knockout fields of a round robin or Swiss) is not read: the event keeps its values (a
        new event, the law's defaults), and a bad value there is no error."""
        ignored = []
        if data.get("participant_kind", self.instance.participant_kind) != "team":
            ignored += TEAMS
        rules = FORMAT_RULES.get(data.get("format", self.instance.format))
        if rules is None or not rules.has_bracket:
            ignored += KNOCKOUT
        for name in ignored:
            self._errors.pop(name, None)
            data[name] = getattr(self.instance, name)

    def clean(self):
        data = super().clean()
        self._ignore_sections(data)
        start, end = data.get("start_date"), data.get("end_date")
        if start and end and end < start:
            self.add_error("end_date", _("The event cannot end before it starts."))
        rules = FORMAT_RULES.get(data.get("format", ""))
        if rules is not None and rules.rounds_announced and not data.get("rounds"):
            self.add_error("rounds", _("A Swiss event announces its number of rounds "
                                       "in advance."))  # appendix §1
        if not self.instance.pk and data.get("format"):
            self._fill_law_defaults(data)
        return data

    def _fill_law_defaults(self, data) -> None:
        """Art. 4.2.2, 10.1.1, 21.2 and appendix §2: a knockout match is two games, two-game
        matches are scored in match and game points at 60 minutes a game, one game is 90
        minutes. Fields left empty take these."""
        defaults = law_defaults(data["format"], data.get("games_per_match"))
        for name in LAW_DEFAULTED:
            if data.get(name) in (None, ""):
                data[name] = defaults.get(name, Event._meta.get_field(name).default)


class FoulForm(forms.Form):
    """A penalty on a board (chapter 5): the side, the penalty, the article, a game of the match
    and a note. The choices of side and game come from the board."""

    entry = forms.TypedChoiceField(label=_("Penalised side"), coerce=int)
    game = forms.TypedChoiceField(label=_("Game"), coerce=int, required=False,
                                  empty_value=None)
    kind = forms.ChoiceField(label=_("Penalty"), choices=FoulKind.choices)
    article = forms.ChoiceField(label=_("Article applied"), choices=FoulArticle.choices)
    note = forms.CharField(label=_("Note"), required=False, max_length=300)

    def __init__(self, *args, board, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["entry"].choices = [(e.pk, e.name) for e in (board.white, board.black) if e]
        games = list(board.games.all())
        if games:
            self.fields["game"].choices = [
                ("", _("The whole match")),
                *((g.pk, f"{g.get_kind_display()} {g.number}") for g in games)]
        else:
            del self.fields["game"]


class QuickPlayerForm(forms.ModelForm):
    """Add a player to the register and the event in one go."""

    class Meta:
        model = Player
        fields = ["full_name", "gender", "birth_year", "club", "province", "rating", "title",
                  "national_id"]


class PlayerEditForm(forms.ModelForm):
    """Correct a player of the register (``services/players.py: player_update``), with the
    reason kept in the player's history."""

    reason = forms.CharField(label=_("Reason for the change"), max_length=200, required=False,
                             help_text=_("Kept in the player's history, e.g. “name misspelt"
                                         "”, “new rating list”."))

    class Meta:
        model = Player
        fields = ["full_name", "gender", "birth_year", "club", "province", "federation",
                  "national_id", "fide_id", "rating", "title"]

    def validate_unique(self):
        """The service checks the IDs against the register and says whose they are."""


class NumbersForm(forms.Form):
    method = forms.ChoiceField(label=_("Table numbers"), choices=[
        ("lots", _("By lots (the seed is recorded)")),
        ("rating", _("By rating")),
    ])

    def __init__(self, *args, event=None, **kwargs):
        """The default is the practice of the format: a Swiss numbers in the initial order by
        rating (C.04.2), a round robin by lots (appendix §5: the players draw their numbers)."""
        super().__init__(*args, **kwargs)
        if event is not None:
            rating = event.format_rules.numbers_by_rating
            self.fields["method"].initial = "rating" if rating else "lots"


class WithdrawForm(forms.Form):
    after_round = forms.IntegerField(label=_("Withdrawn after round"), min_value=0)
    # Art. 20.3: a disqualification gives its reason.
    reason = forms.CharField(label=_("Reason for disqualification"), max_length=200,
                             required=False)


class RoleForm(forms.Form):
    """Appoint someone (issue 19): found by name or username, in part; when several people
    match, the page lists them to choose from (``user_id``)."""

    username = forms.CharField(label=_("Name or username"), max_length=150,
                               help_text=_("A part is enough, e.g. “Minh” or “trongtai”."))
    role = forms.ChoiceField(label=_("Role"), choices=[
        ("chief", _("Chief arbiter")), ("deputy", _("Deputy chief arbiter")),
        ("arbiter", _("Arbiter")),
        ("organiser", _("Organiser")),
    ])


# Championships (issue 15): the forms of the championship's staff pages.

class ChampionshipForm(forms.ModelForm):
    class Meta:
        model = Championship
        fields = ["name", "start_date", "end_date", "venue", "organiser"]
        widgets = {"start_date": forms.DateInput(attrs={"type": "date"}),
                   "end_date": forms.DateInput(attrs={"type": "date"})}


class CategoryForm(forms.ModelForm):
    class Meta:
        model = Category
        fields = ["name", "participant_kind", "team_classification", "team_by", "team_best_n"]


class StageForm(forms.Form):
    """A new stage: its format, its groups, and for a Swiss its rounds (the events' statute is
    then edited on each event's own statute page)."""

    # Labels capitalised as a model form's are (the same words as the model's fields).
    name = forms.CharField(label=capfirst(_("name")), max_length=120, required=False)
    format = forms.ChoiceField(label=capfirst(_("format")), choices=Format.choices)
    groups = forms.IntegerField(label=capfirst(_("groups")), min_value=1, max_value=26,
                                initial=1)
    rounds = forms.IntegerField(label=capfirst(_("rounds (Swiss)")), min_value=1, max_value=99,
                                required=False)


class QualificationForm(forms.ModelForm):
    class Meta:
        model = Stage
        fields = ["qualification", "qualifiers", "best_of_next", "after_round", "seeding",
                  "line_ties", "places", "higher_rank_chooses_colour"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["qualification"].required = True


class MovesForm(forms.Form):
    """A score sheet typed in (Art. 11): the moves, their notation (Vietnamese by default,
    Art. 11.2a), and a start position for a game that did not begin from the usual one."""

    text = forms.CharField(label=_("Moves"), required=False, widget=forms.Textarea(attrs={
        "rows": 6, "spellcheck": "false", "autocapitalize": "off", "autocomplete": "off",
        "placeholder": "1) P2-5 M8.7 2) M2.3 X9-8"}))
    notation = forms.ChoiceField(label=_("Notation"), choices=MoveNotation.choices,
                                 initial=MoveNotation.VIETNAMESE)
    start_fen = forms.CharField(label=_("Start position (FEN), if not the usual one"),
                                required=False, max_length=100)


class PgnUploadForm(forms.Form):
    """A PGN file for a round (or one board); all or nothing unless the valid games only are
    asked for."""

    file = forms.FileField(label=_("PGN file"))
    partial = forms.BooleanField(label=_("Store the valid games even if others fail"),
                                 required=False)
