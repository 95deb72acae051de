"""What a bundle holds: this program, its data, every runtime dependency in pure-Python
form and nothing compiled; the same bytes every time; and the clear refusals."""

from __future__ import annotations

import hashlib
import subprocess
import sys
import textwrap
import zipfile
from importlib import metadata

import pytest
from packaging.markers import Marker

from tichu_lan.bundling import contents
from tichu_lan.bundling.contents import BundleError, Member, collect, needed_somewhere
from tichu_lan.bundling.pyz import EPOCH, SHEBANG, archive_bytes, write_bundle

from .conftest import BARE


def names(built) -> list[str]:
    with zipfile.ZipFile(built.path) as archive:
        return archive.namelist()


def test_the_bundle_holds_the_program_and_every_dependency_and_nothing_compiled(bundle):
    held = set(names(bundle))
    assert {"__main__.py", "tichu_lan/cli.py", "tichu_lan/server/bot_worker.py",
            "engine/bots/opening.py", "msgpack/fallback.py", "zeroconf/_cache.py",
            "twisted/web/server.py", "prompt_toolkit/application/application.py"} <= held
    for dist in contents.runtime_distributions():
        metadata_file = next(str(f) for f in dist.files if str(f).endswith(".dist-info/METADATA"))
        assert metadata_file in held, dist.metadata["Name"]
    compiled = [n for n in held if n.endswith((".so", ".pyd", ".dylib", ".dll", ".pyc"))]
    assert compiled == [] and not any("__pycache__" in n for n in held)
    assert not any("/test/" in n or "/tests/" in n for n in held)


def test_its_requirements_are_read_for_every_platform_and_python_it_runs_on():
    assert needed_somewhere(None)
    assert needed_somewhere(Marker('sys_platform == "win32"'))
    assert needed_somewhere(Marker('python_version >= "3.13"'))
    assert not needed_somewhere(Marker('python_version < "3.10"'))
    assert not needed_somewhere(Marker('extra == "test"'))
    assert "pytest" not in {d.metadata["Name"] for d in contents.runtime_distributions()}


def test_a_package_s_data_files_go_in_beside_its_code(tmp_path, monkeypatch):
    package = tmp_path / "tune"
    (package / "locale" / "de" / "LC_MESSAGES").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "locale" / "de" / "LC_MESSAGES" / "tune.mo").write_bytes(b"\x95\x04")
    (package / "__pycache__").mkdir()
    (package / "__pycache__" / "x.cpython-311.pyc").write_bytes(b"")
    monkeypatch.syspath_prepend(str(tmp_path))
    held = {m.name: m.data for m in contents.package_members("tune")}
    assert held == {"tune/__init__.py": b"", "tune/locale/de/LC_MESSAGES/tune.mo": b"\x95\x04"}


def fake_distribution(site, files: dict[str, bytes]) -> metadata.Distribution:
    info = site / "speedy-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: speedy\nVersion: 1.0\n")
    for name, data in files.items():
        (site / name).parent.mkdir(parents=True, exist_ok=True)
        (site / name).write_bytes(data)
    record = [*files, "speedy-1.0.dist-info/METADATA", "speedy-1.0.dist-info/RECORD"]
    (info / "RECORD").write_text("".join(f"{name},,\n" for name in record))
    return metadata.Distribution.at(info)


def test_a_compiled_module_stays_out_when_its_source_is_beside_it(tmp_path):
    dist = fake_distribution(tmp_path, {"speedy/__init__.py": b"", "speedy/_core.py": b"x = 1",
                                        "speedy/_core.cpython-311-x86_64-linux-gnu.so": b"ELF"})
    held = sorted(m.name for m in contents.distribution_members(dist))
    assert held == ["speedy-1.0.dist-info/METADATA", "speedy/__init__.py", "speedy/_core.py"]


def test_a_compiled_module_with_no_python_to_fall_back_on_stops_the_build(tmp_path):
    dist = fake_distribution(tmp_path, {"speedy/__init__.py": b"",
                                        "speedy/_core.cpython-311-x86_64-linux-gnu.so": b"ELF"})
    with pytest.raises(BundleError, match="speedy has a compiled module speedy._core"):
        list(contents.distribution_members(dist))


def test_a_missing_dependency_says_how_to_get_it(monkeypatch):
    real = metadata.distribution

    def without_msgpack(name):
        if name == "msgpack":
            raise metadata.PackageNotFoundError(name)
        return real(name)
    monkeypatch.setattr(contents.metadata, "distribution", without_msgpack)
    with pytest.raises(BundleError, match="msgpack is not installed here"):
        collect()


def test_the_same_contents_give_the_same_bytes_in_a_fixed_form(tmp_path, bundle):
    again = write_bundle(collect(), tmp_path / "again.pyz")
    assert again.sha256 == bundle.sha256 == hashlib.sha256(bundle.path.read_bytes()).hexdigest()
    assert bundle.path.read_bytes().startswith(SHEBANG)
    with zipfile.ZipFile(bundle.path) as archive:
        infos = archive.infolist()
    assert [i.filename for i in infos] == sorted(i.filename for i in infos)
    assert {i.date_time for i in infos} == {EPOCH}
    shuffled = [Member("b/x.py", b"2"), Member("a.py", b"1")]
    assert archive_bytes(shuffled) == archive_bytes(list(reversed(shuffled)))


def test_tichu_bundle_writes_the_file_and_prints_its_sha256(tmp_path, bundle):
    output = tmp_path / "out.pyz"
    done = subprocess.run([sys.executable, "-m", "tichu_lan.cli", "bundle", "-o", str(output)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"{bundle.sha256}  {output}\n"
    assert output.read_bytes() == bundle.path.read_bytes()
    assert f"Run it with: python3 {output} join" in done.stderr


def test_a_bundle_runs_with_nothing_installed_and_copies_itself(tmp_path, bundle):
    done = subprocess.run([*BARE, str(bundle.path), "--version"], capture_output=True,
                          text=True, timeout=120, cwd=tmp_path)
    assert (done.returncode, done.stdout) == (0, "tichu-lan 0.1.0\n"), done.stderr
    copy = tmp_path / "copy.pyz"
    done = subprocess.run([*BARE, str(bundle.path), "bundle", "-o", str(copy)],
                          capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert copy.read_bytes() == bundle.path.read_bytes()


def test_an_older_python_is_told_what_it_needs(tmp_path):
    script = tmp_path / "main.py"
    script.write_text(textwrap.dedent(contents_main()))
    older = f"import sys; sys.version_info = (3, 10, 0); exec(open({str(script)!r}).read())"
    done = subprocess.run([*BARE, "-c", older], capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert done.stderr.strip() == "tichu-lan needs Python 3.11 or newer; this is Python 3.10"


def contents_main() -> str:
    from tichu_lan.bundling.pyz import main_member
    return main_member().data.decode()
