"""Random presses with power cuts in the middle of NVM writes, on the RP2040
and the SAMD51 models: after every cut the handheld is switched on again and
what it resumes is checked against what was saved (desktop/bench/save_fuzz.py says
what is checked, and runs it long, printing figures)."""
import pytest

from desktop.bench import save_fuzz


@pytest.mark.parametrize("port", save_fuzz.PORTS)
def test_random_presses_and_power_cuts_resume_what_was_saved(port):
    stats = save_fuzz.run(port, 2000, seed=1)
    print("\n%s: %d presses, %d writes, %d cuts, %d resumes checked, %d newest, "
          "%d fell back, %d in an erase window (%d games lost), %d games over" % stats.row())
    assert stats.cuts >= 8 and stats.resumes >= 6 and stats.games_over >= 2
    if port == "rp2040":
        assert stats.fell_back >= 4       # appends: a cut keeps the save before
    # a game is lost only to a cut in an erase and rewrite (checked at each cut)
    assert stats.lost_games <= stats.erase_window
