"""Appendix §4 (issue 14.2): how a reserve comes in is the team's choice per match, stored on
the match (``Board.first_substitution``, ``second_substitution``) instead of the statute's one
rule (``Event.substitution``, removed). The matches of an event whose statute said "last board"
keep that choice for both teams, so their stored line-ups keep their meaning. Art. 19.5, 21.1
(issue 14.4): ``Event.official`` now speaks of scoring too (help text)."""

from django.db import migrations, models


def statute_rule_to_matches(apps, schema_editor):
    Board = apps.get_model("tournaments", "Board")
    Board.objects.filter(round__event__substitution="last").update(
        first_substitution="last", second_substitution="last")


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0010_deputy_chief_withdrawal_reason'),
    ]

    operations = [
        migrations.AddField(
            model_name='board',
            name='first_substitution',
            field=models.CharField(choices=[('same', "Reserve plays on the absent player's board"), ('last', 'Reserve plays last board, the others move up')], default='same', max_length=4, verbose_name='reserves of the first team'),
        ),
        migrations.AddField(
            model_name='board',
            name='second_substitution',
            field=models.CharField(choices=[('same', "Reserve plays on the absent player's board"), ('last', 'Reserve plays last board, the others move up')], default='same', max_length=4, verbose_name='reserves of the second team'),
        ),
        migrations.AddField(
            model_name='historicalboard',
            name='first_substitution',
            field=models.CharField(choices=[('same', "Reserve plays on the absent player's board"), ('last', 'Reserve plays last board, the others move up')], default='same', max_length=4, verbose_name='reserves of the first team'),
        ),
        migrations.AddField(
            model_name='historicalboard',
            name='second_substitution',
            field=models.CharField(choices=[('same', "Reserve plays on the absent player's board"), ('last', 'Reserve plays last board, the others move up')], default='same', max_length=4, verbose_name='reserves of the second team'),
        ),
        migrations.RunPython(statute_rule_to_matches, migrations.RunPython.noop),
        migrations.RemoveField(
            model_name='event',
            name='substitution',
        ),
        migrations.AlterField(
            model_name='event',
            name='official',
            field=models.BooleanField(default=True, help_text="Official events score as the law says (Art. 21.1, 21.2) and field 3–4 players and 1–2 reserves per team (appendix §4). Friendly events may set other points, any team size, and rearrange a team's order after a game.", verbose_name='official event'),
        ),
    ]
