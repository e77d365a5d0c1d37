import django.core.validators
import django.db.models.deletion
import tournaments.models.entries
from django.conf import settings
from django.db import migrations, models


def fill_tokens(apps, schema_editor):
    """Each entry already made gets its private link's token."""
    Entry = apps.get_model("tournaments", "Entry")
    entries = list(Entry.objects.only("pk"))
    for entry in entries:
        entry.private_token = tournaments.models.entries.private_token_new()
    Entry.objects.bulk_update(entries, ["private_token"], batch_size=500)


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0025_h35amb_statute_readings'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        # Three steps, so every existing entry gets a token of its own: the column without
        # its uniqueness, each row its token, then unique.
        migrations.AddField(
            model_name='entry',
            name='private_token',
            field=models.CharField(editable=False, max_length=32, null=True, verbose_name='private link'),
        ),
        migrations.RunPython(fill_tokens, migrations.RunPython.noop),
        migrations.AlterField(
            model_name='entry',
            name='private_token',
            field=models.CharField(default=tournaments.models.entries.private_token_new, editable=False, max_length=32, unique=True, verbose_name='private link'),
        ),
        migrations.AddField(
            model_name='event',
            name='bye_last_round',
            field=models.PositiveSmallIntegerField(blank=True, help_text='Swiss: no half-point bye in the rounds after this one (the decisive last rounds); empty: any round.', null=True, validators=[django.core.validators.MinValueValidator(1), django.core.validators.MaxValueValidator(99)], verbose_name='last round a half-point bye may be requested for'),
        ),
        migrations.AddField(
            model_name='event',
            name='bye_limit',
            field=models.PositiveSmallIntegerField(blank=True, help_text='Swiss: how many rounds a player may miss for half a point each; empty: no limit, 0: none.', null=True, validators=[django.core.validators.MaxValueValidator(99)], verbose_name='half-point byes a player may request'),
        ),
        migrations.CreateModel(
            name='PlayerRequest',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('kind', models.CharField(choices=[('bye', 'Half-point bye'), ('withdrawal', 'Withdrawal')], max_length=10, verbose_name='request')),
                ('round', models.PositiveSmallIntegerField(verbose_name='round')),
                ('reason', models.CharField(blank=True, max_length=200, verbose_name='reason')),
                ('status', models.CharField(choices=[('pending', 'Waiting for the arbiters'), ('approved', 'Approved'), ('rejected', 'Rejected')], default='pending', max_length=8, verbose_name='status')),
                ('answer', models.CharField(blank=True, max_length=200, verbose_name='answer')),
                ('decided_at', models.DateTimeField(blank=True, null=True, verbose_name='decided at')),
                ('created_at', models.DateTimeField(verbose_name='asked at')),
                ('decided_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('entry', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='requests', to='tournaments.entry')),
            ],
            options={
                'verbose_name': "player's request",
                'verbose_name_plural': "players' requests",
                'ordering': ['-created_at', '-pk'],
            },
        ),
    ]
