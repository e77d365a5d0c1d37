"""Forms of the staff pages. They validate input; services do the writing."""

from django import forms
from django.utils.text import capfirst
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from records.clock import PRESETS as TIME_PRESETS
from records.clock import TimeControlError, checks_text, parse_checks
from records.prize_text import PrizeTextError, prize_list_parse, prize_list_text
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
    FEE_MAX,
    FORMAT_RULES,
    REASON_MAX_LENGTH,
    REGISTRATION_BATCH_MAX,
    AskedField,
    Category,
    Championship,
    Event,
    FeeSchedule,
    Format,
    FoulArticle,
    FoulKind,
    MoveNotation,
    PaymentKind,
    PaymentMethod,
    Player,
    ProtestDecision,
    ProtestFiler,
    ProtestSubject,
    ResultCode,
    Sanction,
    ScoringSystem,
    Stage,
    TitleKind,
    law_defaults,
)
from tournaments.models.statute import (
    default_tiebreak_games,
    parse_round_times,
    validate_round_times,
    validate_tiebreak_order,
)
from tournaments.tiebreak_labels import (
    PRESET_NAMES,
    chain_words,
    definition,
    full_name,
    preset_source,
)


class LocalDateInput(forms.DateInput):
    """A date typed and shown in the page's language's format (``config/formats/``: 24/11/2026
    in Vietnamese), not the browser's date picker, which follows the phone's language."""

    input_type = "text"

    def __init__(self, attrs=None):
        super().__init__({"inputmode": "numeric", "autocomplete": "off", **(attrs or {})})

    def get_context(self, name, value, attrs):
        context = super().get_context(name, value, attrs)
        context["widget"]["attrs"].setdefault("placeholder", str(_("dd/mm/yyyy")))
        return context


BASICS = ["name", "slug", "start_date", "end_date", "venue", "organiser", "format",
          "participant_kind", "rounds", "official"]
SCORING = ["scoring", "points_win", "points_draw", "points_loss", "points_bye", "points_rest",
           "games_per_match", "tiebreaks", "foul_kinds", "team_ranks_by", "team_ranks_members",
           "h2h_among", "voided_games"]
TIME = ["pace", "time_preset", "time_base_minutes", "time_increment_seconds", "time_checks",
        "forfeit_minutes", "draw_move_limit", "protest_minutes"]
SWISS_PAIRING = ["initial_colour", "dutch_edition", "acceleration", "forbid_same_club",
                 "swiss_withdrawal", "bye_limit", "bye_last_round"]
CYCLES = ["fide_cycle_swap"]
KNOCKOUT = ["seeding", "third_place_match", "seed_passes", "seed_pass_rounds", "tiebreak_games"]
TEAMS = ["team_boards", "team_reserves", "team_scoring", "team_match_points_win",
         "team_match_points_draw", "team_knockout_decider"]
RATING = ["rated", "rating_table", "rating_cap"]
CLOSING = ["selected_top", "classification_name", "classification_top",
           "classification_points"]
SCHEDULE = ["first_round_date", "round_times"]
# Art. 18 b: who may enter, and how (one shape for an event and a championship's category).
ELIGIBILITY = ["eligible_sex", "eligible_born_from", "eligible_born_to", "eligible_rating_min",
               "eligible_rating_max", "eligible_unrated", "eligible_federations",
               "eligible_provinces", "eligible_members_only"]
REGISTRATION = ["registration_online", "registration_opens_at", "registration_closes_at",
                "registration_max", "registration_asks"]
CHECK_IN = ["check_in", "check_in_closes_minutes"]
# The statute's prizes (the law is silent on prizes: every rule a statute option).
# The public's delay on relayed games (a statute option, docs/live.md).
RELAY = ["relay_delay_plies", "relay_delay_minutes"]
PRIZES = ["prize_list", "prize_one_per_player", "prize_precedence", "prize_ties", "prize_unit"]
SECTIONS = [
    (_("The event"), BASICS), (_("Schedule of the rounds"), SCHEDULE), (_("Check-in"), CHECK_IN),
    (_("Scoring and ranking"), SCORING), (_("Time control"), TIME),
    (_("Swiss pairing (FIDE C.04.3)"), SWISS_PAIRING), (_("Double round robin"), CYCLES),
    (_("Knockout (appendix §2, §3)"), KNOCKOUT),
    (_("Teams (appendix §4)"), TEAMS), (_("Rating"), RATING),
    (_("Who may enter (Art. 18)"), ELIGIBILITY), (_("Online registration"), REGISTRATION),
    (_("Selection and classification (Art. 19.4)"), CLOSING), (_("Prizes"), PRIZES),
    (_("Live relay of the games"), RELAY),
]
# Sections that apply to some events only: hidden by static/js/statute.js for the others (and
# shown again when the format or the kind of participants changes), and ignored by the server
# (the event keeps its values) when posted for an event they do not fit. A format's section
# names what the format IS (``FormatRules``), never a format by name.
SECTION_FOR = {
    "swiss": (SWISS_PAIRING, _("Swiss events only.")),
    "cycles": (CYCLES, _("Double round robins only.")),
    "knockout": (KNOCKOUT, _("Knockout events only.")),
    "team": (TEAMS, _("Team events only.")),
    "ranked": (PRIZES, _("Events with standings only (prizes go by the standings).")),
}
SECTION_FITS = {
    "swiss": lambda rules: rules.pairs_by_score,
    "cycles": lambda rules: rules.cycles > 1,
    "knockout": lambda rules: rules.has_bracket,
    "ranked": lambda rules: rules.has_standings,
}


def section_formats(key: str) -> str:
    """The formats a section fits, as static/js/statute.js reads them: "swiss", "ko dko"."""
    fits = SECTION_FITS.get(key)
    return " ".join(code for code, rules in FORMAT_RULES.items() if fits(rules)) if fits else ""

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
SLUG_HELP = _("The event's pages are at /events/<this>/: lower-case letters without marks, "
              "digits and hyphens. Changed, the former address keeps leading here.")
CHAMPIONSHIP_SLUG_HELP = _("The championship's pages are at /championships/<this>/: lower-case "
                           "letters without marks, digits and hyphens. Changed, the former "
                           "address keeps leading here.")
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


class WordListField(forms.CharField):
    """Names separated by commas (provinces, federation codes: ``upper``), stored as a list;
    empty for any."""

    def __init__(self, *, upper: bool = False, **kwargs):
        self.upper = upper
        super().__init__(**kwargs)

    def prepare_value(self, value):
        if isinstance(value, (list, tuple)):
            return ", ".join(value)
        return value

    def to_python(self, value):
        text = super().to_python(value) or ""
        words = [" ".join(word.split()) for word in text.split(",") if word.strip()]
        return [word.upper() for word in words] if self.upper else words


class PrizeListField(forms.CharField):
    """The statute's prize list typed one category a line (``tournaments/prize_text.py``)."""

    def __init__(self, **kwargs):
        super().__init__(widget=forms.Textarea(attrs={"rows": 6}), **kwargs)

    def prepare_value(self, value):
        if isinstance(value, list):
            return prize_list_text(value)
        return value

    def to_python(self, value):
        text = super().to_python(value) or ""
        try:
            return prize_list_parse(text)
        except PrizeTextError as error:
            words = {"shape": _("write “name [rules]: place; place”"),
                     "rule": _("a rule is sex=F, born_from=2011, born_to=, rating_min=, "
                               "rating_max=, unrated=only, provinces=A|B, clubs=A|B, group=3 7 "
                               "or teams"),
                     "place": _("a place is an amount in đồng and/or an item")}[error.code]
            raise forms.ValidationError(_("Line %(n)s: %(what)s."),
                                        params={"n": error.line, "what": words}) from error


class LocalDateTimeInput(forms.DateTimeInput):
    """A moment typed as the page's language writes it (24/11/2026 08:00 in Vietnamese)."""

    input_type = "text"

    def __init__(self, attrs=None):
        super().__init__({"inputmode": "numeric", "autocomplete": "off", **(attrs or {})})


def eligibility_fields(form, instance) -> None:
    """The who-may-enter fields of an event's statute or a category's form, as one form shows
    them: provinces and federations as comma lists (federations in capitals)."""
    form.fields["eligible_provinces"] = WordListField(
        label=capfirst(instance._meta.get_field("eligible_provinces").verbose_name),
        required=False, max_length=2000,
        help_text=_("Separated by commas; empty: any province (compared without accents)."))
    form.fields["eligible_federations"] = WordListField(
        upper=True, label=capfirst(instance._meta.get_field("eligible_federations").verbose_name),
        required=False, max_length=400,
        help_text=_("Three-letter codes separated by commas (VIE, CHN); empty: any."))


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
    time_preset = forms.ChoiceField(
        label=_("The law's time controls"), required=False,
        help_text=_("Art. 10.1.1, 10.1.2: choose one to fill the minutes, seconds and checks "
                    "below; “custom” keeps what they say."))
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
            "start_date": LocalDateInput(),
            "end_date": LocalDateInput(),
            "first_round_date": LocalDateInput(),
            "registration_opens_at": LocalDateTimeInput(),
            "registration_closes_at": LocalDateTimeInput(),
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.instance and self.instance.tiebreaks:
            self.initial["tiebreaks"] = ", ".join(self.instance.tiebreaks)
        self.fields["tiebreak_games"].chain_choices(self.instance.tiebreak_games or [])
        eligibility_fields(self, self.instance)
        self.fields["prize_list"] = PrizeListField(
            label=_("Prize list"), required=False, max_length=8000,
            help_text=_("One category a line, in the statute's order: “Nữ [sex=F]: 1.000.000 "
                        "Cúp; 500.000”. Rules: sex=F, born_from=2011, born_to, rating_min, "
                        "rating_max, unrated=only, provinces=A|B, clubs=A|B, group=3 7 (table "
                        "numbers), teams (the team classification). A place: an amount in đồng "
                        "and/or an item."))
        self.fields["registration_asks"] = forms.MultipleChoiceField(
            label=_("The form also asks"), choices=AskedField.choices, required=False,
            widget=forms.CheckboxSelectMultiple,
            help_text=_("Besides each player's full name."))
        self.fields["slug"].help_text = SLUG_HELP
        if not self.instance.pk:
            self.fields["slug"].required = False
            self.fields["slug"].help_text = _("Empty: made from the name.")
            # A new event: these follow the format unless the organiser sets them.
            law_note = _("Empty: the law's default for the format.")
            for name in LAW_DEFAULTED:
                field = self.fields[name]
                field.required = False
                self.initial[name] = None
                field.help_text = f"{field.help_text} {law_note}".strip()
            self.fields["scoring"].choices = [("", _("The law's default for the format")),
                                              *ScoringSystem.choices]
        language = get_language() or "en"
        self.fields["time_preset"].choices = [
            ("", _("Custom: the fields below")),
            *((name, control.words(language)) for name, control in TIME_PRESETS.items())]
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
        """(title, bound fields, which events the section is for: "", "swiss", "cycles",
        "knockout", "team", the words saying so, the formats it fits (``section_formats``),
        its anchor for the form's section list)."""
        only = {tuple(fields): (key, note) for key, (fields, note) in SECTION_FOR.items()}
        rows = []
        for title, fields in SECTIONS:
            key, note = only.get(tuple(fields), ("", ""))
            rows.append((title, [self[f] for f in fields], key, note, section_formats(key),
                         f"section-{fields[0].replace('_', '-')}"))
        return rows

    def _ignore_sections(self, data) -> None:
        """A section that does not fit the event (the team fields of an individual event, the
        knockout fields of a round robin or Swiss) is not read: the event keeps its values (a
        new event, the law's defaults), and a bad value there is no error."""
        ignored = []
        if data.get("participant_kind", self.instance.participant_kind) != "team":
            ignored += TEAMS
        rules = FORMAT_RULES.get(data.get("format", self.instance.format))
        for key, fits in SECTION_FITS.items():
            if rules is None or not fits(rules):
                ignored += SECTION_FOR[key][0]
        for name in ignored:
            self._errors.pop(name, None)
            data[name] = getattr(self.instance, name)

    def clean_round_times(self) -> str:
        """The day's start times written one way, in order: "8h00,14.00" → "08:00, 14:00"."""
        validate_round_times(self.cleaned_data["round_times"])
        return ", ".join(t.strftime("%H:%M")
                         for t in parse_round_times(self.cleaned_data["round_times"]))

    def clean_time_checks(self) -> str:
        """Art. 10.1.2: the checks written one way ("25/60, then 10/5 (4 checks)")."""
        text = self.cleaned_data["time_checks"]
        try:
            return checks_text(*parse_checks(text))
        except TimeControlError:
            return text  # the model's validator names the part it cannot read

    def _apply_time_preset(self, data) -> None:
        """A preset of the law's controls fills the minutes, seconds and checks."""
        control = TIME_PRESETS.get(data.pop("time_preset", "") or "")
        if control is None:
            return
        data["time_base_minutes"] = control.base_minutes
        data["time_increment_seconds"] = control.increment_seconds
        data["time_checks"] = control.checks_text()

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
        self._apply_time_preset(data)
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


def clock_seconds(text: str) -> int:
    """A clock's time as an arbiter reads it: "1:05:30" (hours), "65:30" (minutes and seconds)
    or "65" (minutes); ``ValueError`` otherwise."""
    parts = text.strip().split(":")
    if not 1 <= len(parts) <= 3 or not all(p.isdigit() for p in parts):
        raise ValueError(text)
    numbers = [int(p) for p in parts]
    if len(numbers) > 1 and numbers[-1] >= 60 or len(numbers) == 3 and numbers[1] >= 60:
        raise ValueError(text)
    if len(numbers) == 1:
        return numbers[0] * 60
    seconds = numbers[-1] + numbers[-2] * 60
    return seconds + (numbers[0] * 3600 if len(numbers) == 3 else 0)


class ClockField(forms.Field):
    """A clock's time left, as ``clock_seconds`` reads it; cleans to seconds."""

    def __init__(self, **kwargs):
        super().__init__(widget=forms.TextInput(attrs={"maxlength": 10, "inputmode": "numeric",
                                                       "placeholder": "1:05:30"}), **kwargs)

    def to_python(self, value):
        try:
            return clock_seconds(str(value or "")[:10])
        except ValueError:
            raise forms.ValidationError(_("Write the time left as 1:05:30, 65:30 or 65 "
                                          "(minutes).")) from None


class AdjournmentForm(forms.Form):
    """Art. 10.3.1: adjourning a board's game: who seals, the move number, the sealed move and
    both clocks; the game of a match when the board has several."""

    sealer = forms.TypedChoiceField(label=_("Player who seals"), coerce=int)
    game = forms.TypedChoiceField(label=_("Game"), coerce=int, required=False,
                                  empty_value=None)
    move_number = forms.IntegerField(label=_("Move sealed"), min_value=1, max_value=999)
    sealed_move = forms.CharField(label=_("Sealed move"), max_length=40,
                                  help_text=_("Seen by the arbiters only, until the game "
                                              "resumes."))
    white_clock = ClockField(label=_("Time left, first-named side"))
    black_clock = ClockField(label=_("Time left, second-named side"))

    def __init__(self, *args, board, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["sealer"].choices = [(e.pk, e.name) for e in (board.white, board.black)
                                         if e]
        games = list(board.games.all())
        if games:
            self.fields["game"].choices = [
                (g.pk, f"{g.get_kind_display()} {g.number}") for g in games]
            self.fields["game"].required = True
        else:
            del self.fields["game"]


class CorrectionForm(forms.Form):
    """Art. 20: the correction of a closed round's result, with its reason (kept in the board's
    history, at most ``REASON_MAX_LENGTH`` characters): the page without JavaScript of the round
    page's dialog. ``version``: the board's version the arbiter saw."""

    result = forms.ChoiceField(label=_("Result"), required=False,
                               choices=[("", _("Clear the result")), *ResultCode.choices])
    reason = forms.CharField(label=_("Reason for the correction"), max_length=REASON_MAX_LENGTH,
                             widget=forms.Textarea(attrs={"rows": 3}),
                             error_messages={"required": _("Give a reason for the correction.")})
    version = forms.IntegerField(min_value=0, widget=forms.HiddenInput)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["reason"].help_text = _(
            "At most %(n)s characters, kept in the board's history.") % {"n": REASON_MAX_LENGTH}


class RoundTimeForm(forms.Form):
    """An organiser moves one round's start (the others keep the statute's schedule), or sends
    it back to the statute's time (``statute``); the reason is kept in the round's history."""

    starts_at = forms.DateTimeField(
        label=_("Starts at"), required=False, input_formats=["%Y-%m-%dT%H:%M"],
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"))
    reason = forms.CharField(label=_("Reason"), required=False, max_length=REASON_MAX_LENGTH)
    statute = forms.BooleanField(required=False)


class AssignmentForm(forms.Form):
    """Art. 20.3 b: an arbiter (by id) put in charge of boards ``first`` to ``last`` of a round,
    or no longer (``remove``)."""

    arbiter = forms.IntegerField(label=_("Arbiter"), min_value=1)
    first = forms.IntegerField(label=_("From board"), min_value=1, required=False)
    last = forms.IntegerField(label=_("To board"), min_value=1, required=False)
    remove = forms.BooleanField(required=False)


class RelayBoardForm(forms.Form):
    """The chief arbiter relays board ``board`` of a round, its moves entered by ``recorder``
    (a recorder or arbiter, by id; empty: the arbiters), or no longer (``remove``)."""

    board = forms.IntegerField(label=_("Board"), min_value=1)
    recorder = forms.IntegerField(label=_("Recorder"), min_value=1, required=False)
    remove = forms.BooleanField(required=False)


class RelayMoveForm(forms.Form):
    """A relayed move (``ply``: 1 is the game's first; ``move`` in ICCS, "h2e2") or the last
    move taken back (``action`` "undo", ``move`` the move taken back)."""

    action = forms.ChoiceField(choices=[("move", "move"), ("undo", "undo")], initial="move",
                               required=False)
    ply = forms.IntegerField(min_value=0, max_value=10_000)
    move = forms.CharField(max_length=10, required=False)

    def clean_action(self):
        return self.cleaned_data.get("action") or "move"


class QuickPlayerForm(forms.ModelForm):
    """Add a player to the register and the event in one go."""

    class Meta:
        model = Player
        fields = ["full_name", "gender", "birth_year", "club", "province", "rating", "title",
                  "national_id", "email"]
        help_texts = {"email": _("Optional: the player gets their pairings by e-mail.")}


class PlayerEditForm(forms.ModelForm):
    """Correct a player of the register (``services/players.py: player_update``), with the
    reason kept in the player's history."""

    reason = forms.CharField(label=_("Reason for the change"), max_length=200, required=False,
                             help_text=_("Kept in the player's history, e.g. “name misspelt"
                                         "”, “new rating list”."))

    class Meta:
        model = Player
        fields = ["full_name", "gender", "birth_year", "club", "province", "federation",
                  "national_id", "fide_id", "rating", "title", "email"]

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


class DisqualifyForm(forms.Form):
    """Art. 16.2: the chief arbiter's act, with its reason."""

    entry = forms.TypedChoiceField(label=_("Player or team"), coerce=int)
    sanction = forms.ChoiceField(label=_("sanction"), choices=Sanction.choices)
    reason = forms.CharField(label=_("reason"), max_length=200)

    def __init__(self, *args, entries=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["entry"].choices = [(e.pk, e.name) for e in entries]


class ProtestForm(forms.Form):
    """A written protest handed in (Art. 15.5, 15.6), recorded by the staff."""

    round = forms.TypedChoiceField(label=_("Round"), coerce=int)
    board = forms.IntegerField(label=_("Board"), required=False, min_value=1,
                               help_text=_("The game's board; empty for the round's draw."))
    entry = forms.TypedChoiceField(label=_("Player or team"), coerce=int)
    filer = forms.ChoiceField(label=_("filed by"), choices=ProtestFiler.choices)
    filer_name = forms.CharField(label=_("name of the team leader or coach"), max_length=100,
                                 required=False)
    subject = forms.ChoiceField(label=_("about"), choices=ProtestSubject.choices)
    text = forms.CharField(label=_("protest"), widget=forms.Textarea(attrs={"rows": 3}),
                           max_length=2000)
    filed_at = forms.DateTimeField(
        label=_("handed in at"), required=False,
        input_formats=["%Y-%m-%dT%H:%M", "%d/%m/%Y %H:%M"],
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}),
        help_text=_("Empty: now."))

    def __init__(self, *args, rounds=(), entries=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["round"].choices = [(r.number, r.number) for r in rounds]
        self.fields["entry"].choices = [(e.pk, e.name) for e in entries]


class DecisionForm(forms.Form):
    """A protest's or an appeal's decision, with its reasons (Art. 15.6, 19.2, 20.3 e)."""

    decision = forms.ChoiceField(label=_("decision"), choices=ProtestDecision.choices)
    reason = forms.CharField(label=_("reasons"), widget=forms.Textarea(attrs={"rows": 2}),
                             max_length=2000)


class AppealForm(forms.Form):
    """The written appeal of a protest's decision to the appeals committee (Art. 19.2)."""

    text = forms.CharField(label=_("appeal"), widget=forms.Textarea(attrs={"rows": 2}),
                           max_length=2000)


class RoleForm(forms.Form):
    """Appoint someone: found by the exact username or e-mail address, or on the staff by a part
    of the name (``selectors/users.py``); when several people match, the page lists them to
    choose from (``user_id``)."""

    username = forms.CharField(
        label=_("Username or e-mail"), max_length=150,
        help_text=_("The exact username or e-mail address; people already on this event's "
                    "staff are found by a part of their name too."))
    role = forms.ChoiceField(label=_("Role"), choices=[
        ("chief", _("Chief arbiter")), ("deputy", _("Deputy chief arbiter")),
        ("arbiter", _("Arbiter")),
        ("secretary", _("Arbiters' secretary")),  # Art. 20.1
        ("appeals", _("Appeals committee")),  # Art. 19.2
        ("treasurer", _("Treasurer")),  # the entry fees' desk (models/fees.py)
        ("recorder", _("Recorder (live relay)")),  # enters the moves of relayed boards
        ("organiser", _("Organiser")),
    ])


ROLE_CHOICES = [("chief", _("Chief arbiter")), ("deputy", _("Deputy chief arbiter")),
                ("arbiter", _("Arbiter")), ("organiser", _("Organiser"))]


class InvitationForm(forms.Form):
    """Invite a person who may have no account yet (Art. 19, 20): by e-mail, or by a link the
    page shows once (no e-mail address: handed over on paper, as a QR code, in a message)."""

    name = forms.CharField(label=_("Name"), max_length=150, required=False)
    email = forms.EmailField(
        label=_("E-mail address"), required=False, max_length=254,
        help_text=_("Without one, the page shows the link (and its QR code) to hand over."))
    role = forms.ChoiceField(label=_("Role"), choices=ROLE_CHOICES, initial="arbiter")

    def clean(self):
        data = super().clean()
        if not self.errors and not data.get("name") and not data.get("email"):
            raise forms.ValidationError(_("Give the person's name or e-mail address."))
        return data


class InvitationAcceptForm(forms.Form):
    """The invitee's account: their own name, a username, a password typed twice (checked by
    Django's password validators in the service)."""

    name = forms.CharField(label=_("Your name"), max_length=150)
    username = forms.CharField(label=_("Username"), max_length=150,
                               help_text=_("To sign in: letters, digits and @ . + - _"))
    password1 = forms.CharField(label=_("Password"), strip=False,
                                widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}))
    password2 = forms.CharField(label=_("Password again"), strip=False,
                                widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}))

    def clean(self):
        data = super().clean()
        if data.get("password1") and data.get("password2") and \
                data["password1"] != data["password2"]:
            self.add_error("password2", _("The two passwords differ."))
        return data


# Championships (Art. 17.3): the forms of the championship's staff pages.

class ChampionshipForm(forms.ModelForm):
    class Meta:
        model = Championship
        fields = ["name", "slug", "start_date", "end_date", "venue", "organiser"]
        widgets = {"start_date": LocalDateInput(), "end_date": LocalDateInput()}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["slug"].help_text = CHAMPIONSHIP_SLUG_HELP
        if not self.instance.pk:
            self.fields["slug"].required = False
            self.fields["slug"].help_text = _("Empty: made from the name.")


class CategoryForm(forms.ModelForm):
    class Meta:
        model = Category
        fields = ["name", "participant_kind", "team_classification", "team_by", "team_best_n",
                  *ELIGIBILITY]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        eligibility_fields(self, self.instance)


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
    encoding = forms.ChoiceField(
        label=_("Encoding"), required=False,
        choices=[("", _("found from the file (UTF-8, GBK or Big5)"))]
        + [(name, name) for name in ("UTF-8", "UTF-16", "GB18030", "Big5")])


class RegistrationContactForm(forms.Form):
    """Who sends a registration (a player, or a club or delegation leader): how the organisers
    answer them."""

    name = forms.CharField(label=_("Your name"), max_length=120)
    email = forms.EmailField(label=_("E-mail"), max_length=254, required=False,
                             help_text=_("The organisers' decision is sent here."))
    phone = forms.CharField(label=_("Phone"), max_length=20, required=False)


class RegistrationPlayerForm(forms.Form):
    """One player of a registration: the name, and what the statute asks besides
    (``Event.registration_asks``); a row left empty is not read."""

    full_name = forms.CharField(label=capfirst(_("full name")), max_length=120, required=False)
    gender = forms.ChoiceField(label=_("Sex"), required=False,
                               choices=[("", "–"), *Player._meta.get_field("gender").choices])
    birth_year = forms.IntegerField(label=_("Birth year"), min_value=1900, max_value=2100,
                                    required=False)
    club = forms.CharField(label=_("Club"), max_length=120, required=False)
    province = forms.CharField(label=_("Province"), max_length=80, required=False)
    federation = forms.CharField(label=_("Federation"), max_length=3, required=False)
    rating = forms.IntegerField(label=_("Rating"), min_value=0, max_value=4000, required=False)
    national_id = forms.CharField(label=_("National ID"), max_length=20, required=False)
    fide_id = forms.CharField(label=_("International ID"), max_length=20, required=False)

    def __init__(self, *args, asks=(), **kwargs):
        super().__init__(*args, **kwargs)
        for name in list(self.fields):
            if name != "full_name" and name not in asks:
                del self.fields[name]

    def details(self) -> dict | None:
        """The row as the service reads it, or None for a row left empty."""
        data = {k: v for k, v in self.cleaned_data.items() if v not in (None, "")}
        return data if data.get("full_name") else None


RegistrationPlayerFormSet = forms.formset_factory(
    RegistrationPlayerForm, extra=0, max_num=REGISTRATION_BATCH_MAX,
    absolute_max=REGISTRATION_BATCH_MAX, validate_max=True)


class TitleAwardForm(forms.Form):
    """A title or classification of the federation's list awarded to a register player
    (``services/titles.py: player_title_award``)."""

    kind = forms.ModelChoiceField(label=_("Title or classification"),
                                  queryset=TitleKind.objects.order_by("order", "code"))
    awarded_on = forms.DateField(label=_("Date awarded"), widget=LocalDateInput())
    awarded_by = forms.CharField(label=_("Awarded by"), max_length=120, required=False,
                                 help_text=_("Empty: the body that usually awards it."))
    note = forms.CharField(label=_("Note"), max_length=200, required=False,
                           help_text=_("e.g. the decision's number, the event that earned it."))


class PlayerMergeForm(forms.Form):
    """The duplicate merged into the player kept (``services/player_merge.py``)."""

    duplicate = forms.IntegerField(widget=forms.HiddenInput)
    reason = forms.CharField(label=_("Reason"), max_length=80, required=False,
                             help_text=_("Kept in both players' history."))


# Entry fees (models/fees.py): the treasurer's desk.

class FeeScheduleForm(forms.ModelForm):
    """The statute's fees of an event (or a championship category) and the bank account of its
    transfers (a VietQR code per entry)."""

    class Meta:
        model = FeeSchedule
        fields = ["standard", "member", "late_fee", "late_after", "bank_bin", "bank_account",
                  "account_name"]
        widgets = {"late_after": LocalDateTimeInput()}


class VndField(forms.IntegerField):
    """Whole đồng, typed as people write them: "200.000", "200 000" or "200000"."""

    def to_python(self, value):
        if isinstance(value, str):
            value = value.replace(".", "").replace(",", "").replace(" ", "") \
                .replace("đ", "").replace("₫", "")
        return super().to_python(value)


class PaymentForm(forms.Form):
    """One ledger row: a payment, a waiver or a refund of an entry (amount in whole đồng)."""

    kind = forms.ChoiceField(label=_("Kind"), choices=PaymentKind.choices,
                             initial=PaymentKind.PAYMENT)
    amount = VndField(label=_("Amount (VND)"), min_value=1, max_value=FEE_MAX,
                      widget=forms.TextInput(attrs={"inputmode": "numeric"}))
    method = forms.ChoiceField(label=_("Method"), required=False,
                               choices=[("", _("None (a waiver)")), *PaymentMethod.choices],
                               initial=PaymentMethod.CASH)
    note = forms.CharField(label=_("Note"), required=False, max_length=200)


class VoidForm(forms.Form):
    reason = forms.CharField(label=_("Why void"), max_length=200)
