"""The staff pages of a championship (Art. 17.3): create and edit it, add categories and stages,
appoint its staff, set a stage's qualification rule, preview and run the qualification. Each
view parses the form, calls one service, and shows its refusal in the user's language."""

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.access import championship_for
from tournaments.errors import ServiceError
from tournaments.forms import (
    CategoryForm,
    ChampionshipForm,
    InvitationForm,
    QualificationForm,
    RoleForm,
    StageForm,
)
from tournaments.models import ChampionshipRole, JobStatus, Stage, Visibility
from tournaments.selectors.championship_tree import championship_roles, championship_tree
from tournaments.selectors.invitations import championship_invitations
from tournaments.selectors.organisations import organisations_administered
from tournaments.selectors.qualification import qualification_plan
from tournaments.selectors.users import user_chosen
from tournaments.services import championship_removal as removal
from tournaments.services import championships as services
from tournaments.views.confirm import confirmation


def _championship_for(request, slug, perm="tournaments.change_championship"):
    return championship_for(request.user, perm, slug=slug)


def _run(request, action, success: str) -> bool:
    try:
        action()
    except ServiceError as error:
        messages.error(request, str(error))
        return False
    messages.success(request, success)
    return True


@login_required
def championship_create(request):
    """A new championship, under one of the organisations the user administers (a choice they
    must make when they hold no right to create events of the site)."""
    site = request.user.has_perm("tournaments.add_event")
    organisations = organisations_administered(request.user)
    if not site and not list(organisations):
        raise PermissionDenied(_("Only organisers can create championships."))
    form = ChampionshipForm(request.POST or None)
    if list(organisations):
        form.fields["organisation"] = forms.ModelChoiceField(
            queryset=organisations, required=not site, label=_("Organisation"),
            empty_label=_("None: an event of the site"))
    if request.method == "POST" and form.is_valid():
        try:
            championship = services.championship_create(actor=request.user,
                                                         **form.cleaned_data)
        except ServiceError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _("Championship created. Now add its categories."))
            return redirect("tournaments:championship_manage", slug=championship.slug)
    return render(request, "tournaments/championships/form.html", {"form": form})


@login_required
def championship_manage(request, slug):
    """The championship's dashboard; POST saves its details."""
    championship = _championship_for(request, slug)
    form = ChampionshipForm(request.POST or None, instance=championship)
    if request.method == "POST" and form.is_valid():
        if _run(request, lambda: services.championship_update(
                championship=championship, actor=request.user, **form.cleaned_data),
                _("Saved.")):
            return redirect("tournaments:championship_manage", slug=championship.slug)
    if form.is_bound:  # refused: the form wrote into it; the page links the stored one
        championship.refresh_from_db()
    return render(request, "tournaments/championships/manage.html", {
        "championship": championship, "form": form,
        "categories": [(item, CategoryForm(instance=item.category,
                                           prefix=f"category{item.category.pk}"))
                       for item in championship_tree(championship)],
        "category_form": CategoryForm(prefix="category"),
        "stage_form": StageForm(prefix="stage"), "role_form": RoleForm(prefix="role"),
        "roles": championship_roles(championship),
        "invitations": championship_invitations(championship),
        "invite_form": InvitationForm(prefix="invite"),
        "invite_action": reverse("tournaments:championship_invite", args=[championship.slug]),
        "back": reverse("tournaments:championship_manage", args=[championship.slug]),
    })


@login_required
@require_POST
def championship_visibility(request, slug):
    championship = _championship_for(request, slug)
    public = request.POST.get("public") == "1"
    _run(request, lambda: services.championship_update(
        championship=championship, actor=request.user,
        visibility=Visibility.PUBLIC if public else Visibility.DRAFT), _("Saved."))
    return redirect("tournaments:championship_manage", slug=slug)


def _submitted(request, slug, form, action, success: str):
    """A dashboard form: its cleaned data handed to ``action`` (one service call) when valid,
    its errors shown otherwise; back to the dashboard either way."""
    if form.is_valid():
        _run(request, lambda: action(form.cleaned_data), success)
    else:
        messages.error(request, " ".join(e for errs in form.errors.values() for e in errs))
    return redirect("tournaments:championship_manage", slug=slug)


@login_required
@require_POST
def category_add(request, slug):
    championship = _championship_for(request, slug)
    return _submitted(
        request, slug, CategoryForm(request.POST, prefix="category"),
        lambda data: services.category_add(championship=championship, actor=request.user,
                                           **data),
        _("Category added."))


@login_required
@require_POST
def category_edit(request, slug, category_id):
    championship = _championship_for(request, slug)
    category = get_object_or_404(championship.categories, pk=category_id)
    return _submitted(
        request, slug,
        CategoryForm(request.POST, instance=category, prefix=f"category{category.pk}"),
        lambda data: services.category_update(category=category, actor=request.user, **data),
        _("Saved."))


@login_required
@require_POST
def stage_add(request, slug, category_id):
    championship = _championship_for(request, slug)
    category = get_object_or_404(championship.categories, pk=category_id)
    return _submitted(
        request, slug, StageForm(request.POST, prefix="stage"),
        lambda data: services.stage_add(
            category=category, actor=request.user,
            **{k: v for k, v in data.items() if v not in (None, "")}),
        _("Stage added."))


@login_required
@require_POST
def championship_role_add(request, slug):
    championship = _championship_for(request, slug)
    form = RoleForm(request.POST, prefix="role")
    # An exact username or e-mail address names the person (no one is found by a part of a
    # name outside an event's own staff).
    user, found = user_chosen(request.POST.get("role-username", ""), event=None)
    if not form.is_valid() or user is None:
        messages.error(request, _("Several people match: give the username.") if found
                       else _("No account with this username."))
    else:
        _run(request, lambda: services.championship_role_assign(
            championship=championship, actor=request.user, user=user,
            role=form.cleaned_data["role"]), _("Role given."))
    return redirect("tournaments:championship_manage", slug=slug)


@login_required
@require_POST
def championship_role_remove(request, slug, role_id):
    championship = _championship_for(request, slug)
    role = get_object_or_404(ChampionshipRole, pk=role_id, championship=championship)
    ask = confirmation(request, question=_("Remove %(user)s as %(role)s?") % {
        "user": role.user.get_full_name() or role.user.get_username(),
        "role": role.get_role_display()}, yes=_("Remove"), back=_dashboard(slug))
    if ask:
        return ask
    _run(request, lambda: services.championship_role_remove(
        championship=championship, actor=request.user, user=role.user, role=role.role),
        _("Role removed."))
    return redirect("tournaments:championship_manage", slug=slug)


def _stage_for(request, slug, stage_id, perm="tournaments.change_championship"):
    championship = _championship_for(request, slug, perm)
    stage = get_object_or_404(Stage.objects.select_related("category"), pk=stage_id,
                              category__championship=championship)
    return championship, stage


@login_required
def stage_manage(request, slug, stage_id):
    """A later stage: its qualification rule (POST saves it) and the preview of who qualifies,
    with their seeds, before the organisers run it."""
    championship, stage = _stage_for(request, slug, stage_id)
    form = QualificationForm(request.POST or None, instance=stage)
    if stage.rule_fixed:  # shown as it stands; the service refuses a change anyway
        for field in form.fields.values():
            field.disabled = True
    if request.method == "POST" and form.is_valid():
        rule = {k: form.cleaned_data[k] for k in QualificationForm.Meta.fields}
        if _run(request, lambda: services.stage_qualification_set(
                stage=stage, actor=request.user, **rule), _("Qualification rule saved.")):
            return redirect("tournaments:stage_manage", slug=slug, stage_id=stage.pk)
        stage.refresh_from_db()
    return render(request, "tournaments/championships/stage.html", {
        "championship": championship, "stage": stage, "form": form,
        "plan": qualification_plan(stage) if stage.number > 1 else None,
    })


@login_required
@require_POST
def stage_qualify(request, slug, stage_id):
    _championship, stage = _stage_for(request, slug, stage_id, "tournaments.qualify_stage")
    draw = request.POST.get("draw") == "1"
    try:
        qualified = services.stage_qualify(stage=stage, actor=request.user, draw=draw)
    except ServiceError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("The players have qualified into this stage."))
        for job in qualified.jobs:
            _report_pairing(request, job)
    return redirect("tournaments:stage_manage", slug=slug, stage_id=stage.pk)


def _report_pairing(request, job) -> None:
    """Where the pairing of a large event's first round is: paired (no broker), refused, or
    on a worker, its job's page linked."""
    if job.status == JobStatus.DONE:
        messages.success(request, _("%(event)s: round %(n)s paired. Review the pairings, then "
                                    "publish.") % {"event": job.event.name,
                                                   "n": job.result["round"]})
    elif job.status == JobStatus.FAILED:
        messages.error(request, _("%(event)s: %(error)s") % {"event": job.event.name,
                                                              "error": job.error})
    else:
        messages.info(request, format_html(
            _("{event}: the first round is being paired in the background; <a href=\"{url}\">"
              "follow it</a>."), event=job.event.name,
            url=reverse("tournaments:job", kwargs={"pk": job.pk})))


@login_required
@require_POST
def stage_playoff(request, slug, stage_id):
    _championship, stage = _stage_for(request, slug, stage_id, "tournaments.record_playoff")
    try:
        winners = [int(v) for v in request.POST.getlist("winner")]
    except ValueError:
        winners = None
    if not winners:
        messages.error(request, _("Tick the play-off's winners."))
    else:
        _run(request, lambda: services.stage_playoff_record(stage=stage, actor=request.user,
                                                            winners=winners),
             _("Play-off winners recorded."))
    return redirect("tournaments:stage_manage", slug=slug, stage_id=stage.pk)


@login_required
@require_POST
def stage_deal(request, slug, stage_id):
    """Deal the players registered in a first stage's groups into all of them, in a snake by
    rating (the organisers register them through each group's entries page)."""
    _championship, stage = _stage_for(request, slug, stage_id)
    _run(request, lambda: services.stage_register(stage=stage, actor=request.user),
         _("The players are dealt into the groups by rating (snake)."))
    return redirect("tournaments:championship_manage", slug=slug)



@login_required
@require_POST
def championship_remove(request, slug):
    championship = _championship_for(request, slug)
    ask = confirmation(request, question=_(
        "Remove the championship %(name)s with its categories, stages and stage events, with "
        "their entries? Refused once a stage has rounds.") % {"name": championship.name},
        yes=_("Remove the championship"), back=_dashboard(slug))
    if ask:
        return ask
    if _run(request, lambda: removal.championship_remove(championship=championship,
                                                         actor=request.user),
            _("The championship %(name)s was removed.") % {"name": championship.name}):
        return redirect("tournaments:my_events")
    return redirect("tournaments:championship_manage", slug=slug)


@login_required
@require_POST
def category_remove(request, slug, category_id):
    championship = _championship_for(request, slug)
    category = get_object_or_404(championship.categories, pk=category_id)
    ask = confirmation(request, question=_(
        "Remove the category %(name)s with its stages and their events, with their entries? "
        "Refused once a stage has rounds.") % {"name": category.name},
        yes=_("Remove the category"), back=_dashboard(slug))
    if ask:
        return ask
    _run(request, lambda: removal.category_remove(category=category, actor=request.user),
         _("The category %(name)s was removed.") % {"name": category.name})
    return redirect("tournaments:championship_manage", slug=slug)


@login_required
@require_POST
def stage_remove(request, slug, stage_id):
    _championship, stage = _stage_for(request, slug, stage_id)
    ask = confirmation(request, question=_(
        "Remove %(stage)s and its events, with their entries? Only the last stage can be "
        "removed, and only before it has rounds.") % {"stage": stage},
        yes=_("Remove this stage"), back=_dashboard(slug))
    if ask:
        return ask
    _run(request, lambda: removal.stage_remove(stage=stage, actor=request.user),
         _("The stage %(name)s was removed.") % {"name": stage})
    return redirect("tournaments:championship_manage", slug=slug)


def _dashboard(slug: str) -> str:
    return reverse("tournaments:championship_manage", args=[slug])
