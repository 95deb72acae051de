"""The call model's data file, read as a package resource (from a zip too), and the fit
that writes it."""

import json
import math
import random
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from engine.bots import call_model
from engine.bots.calibrate import Sample, fit
from engine.bots.call_model import (FITTED, KINDS, CallModel, ModelFileError, models_from_dict,
                                    models_to_dict)

ROOT = Path(__file__).resolve().parents[2]


def test_the_fitted_models_are_read_from_a_zip(tmp_path):
    bundle = tmp_path / "tichu.pyz"
    with zipfile.ZipFile(bundle, "w") as zf:
        for path in (ROOT / "engine").rglob("*"):
            if path.suffix in (".py", ".json"):
                zf.write(path, path.relative_to(ROOT).as_posix())
    probe = (f"import sys; sys.path.insert(0, {str(bundle)!r}); "
             "import engine.bots.call_model as m; "
             "print(m.__file__); print(m.FITTED.bar(False, 'tichu'))")
    out = subprocess.run([sys.executable, "-I", "-c", probe], cwd=tmp_path,
                         capture_output=True, text=True, check=True).stdout.split()
    assert out[0].startswith(str(bundle))
    assert float(out[1]) == FITTED.bar(False, "tichu")


def test_the_data_file_holds_every_model():
    data = json.loads((ROOT / "engine" / "bots" / call_model.DATA_FILE).read_text())
    assert set(data["models"]) == {"classic", "duel"}
    assert all(set(data["models"][v]) == set(KINDS) for v in data["models"])
    assert models_from_dict(data) == FITTED
    assert models_from_dict(models_to_dict(FITTED, {"by": "test"})) == FITTED


@pytest.mark.parametrize("spoil", [
    lambda d: d["models"].pop("duel"),
    lambda d: d["models"]["classic"]["tichu"]["weights"].pop(),
    lambda d: d["models"]["classic"]["grand"].pop("bar"),
    lambda d: d.update(models=[]),
])
def test_a_spoilt_data_file_is_refused_with_a_reason(spoil):
    data = models_to_dict(FITTED, {})
    spoil(data)
    with pytest.raises(ModelFileError, match="the call model is unreadable"):
        models_from_dict(data)


def test_the_fit_finds_the_model_behind_the_data():
    """Samples drawn from a known model (facts of unit spread, 3000 of them) give back its
    weights to within about four standard errors."""
    truth = CallModel((-1.0, -0.8) + (0.0,) * 8 + (0.5, 0.3, -0.6, -0.4), 0.5, 1.2)
    rng = random.Random(4)
    samples = []
    for _ in range(3000):
        facts = (1.0, rng.gauss(0, 1)) + (0.0,) * 8 + tuple(rng.gauss(0, 1) for _ in range(4))
        called = rng.random() < 0.5
        z = sum(w * f for w, f in zip(truth.weights, facts, strict=True))
        z += truth.called_weight * called
        samples.append(Sample(False, "tichu", facts, called,
                              rng.random() < 1 / (1 + math.exp(-z))))
    fitted = fit(samples, 0.5)
    assert fitted.bar == 0.5
    for got, want in zip(fitted.weights + (fitted.called_weight,),
                         truth.weights + (truth.called_weight,), strict=True):
        assert abs(got - want) < 0.15
