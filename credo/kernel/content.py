"""Content files: TOML validated by a pydantic schema, with errors that name the
file, the entry and the field, and a hash that records pin."""

from __future__ import annotations

import hashlib
import json
import tomllib
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel, ValidationError

from .errors import ContentError

M = TypeVar("M", bound=BaseModel)
# content files are a few kilobytes; far larger is a mistake, not content
CONTENT_MAX_BYTES = 16 << 20


def _entry_label(data: object, loc: tuple) -> tuple[str, str]:
    """Split a pydantic error location into (entry, field), naming entries by id."""
    entry_parts: list[str] = []
    field_parts: list[str] = []
    node = data
    pending_key: str | None = None
    for part in loc:
        if isinstance(part, int) and pending_key is not None:
            item = node[part] if isinstance(node, list) and part < len(node) else None
            ident = item.get("id") or item.get("name") if isinstance(item, dict) else None
            label = f"{pending_key} '{ident}'" if ident else f"{pending_key} #{part + 1}"
            entry_parts.append(label)
            field_parts = []
            pending_key = None
            node = item
            continue
        if pending_key is not None:
            field_parts.append(pending_key)
        pending_key = str(part)
        node = node.get(part) if isinstance(node, dict) else None
        if isinstance(node, list):
            continue
        field_parts.append(pending_key)
        pending_key = None
    if pending_key is not None:
        field_parts.append(pending_key)
    entry = " / ".join(entry_parts) or "(top level)"
    field = ".".join(field_parts) or "(whole entry)"
    return entry, field


def load_toml(path: Path, model: type[M]) -> M:
    """Read and validate one content file; raise ContentError naming what is wrong."""
    path = Path(path)
    try:
        if path.stat().st_size > CONTENT_MAX_BYTES:
            raise ContentError(str(path), "(file)", "(file)", f"larger than {CONTENT_MAX_BYTES >> 20} MB")
        raw = path.read_bytes()
    except FileNotFoundError:
        raise ContentError(str(path), "(file)", "(file)", "no such file") from None
    except OSError as exc:
        raise ContentError(str(path), "(file)", "(file)", f"cannot be read: {exc.strerror or exc}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ContentError(str(path), "(file)", "(encoding)",
                           f"not UTF-8 text (byte 0x{raw[exc.start]:02x} at offset {exc.start})") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(str(path), "(file)", "(syntax)", f"not valid TOML: {exc}") from None
    except RecursionError:  # tomllib reads nested arrays and tables by recursion
        raise ContentError(str(path), "(file)", "(syntax)", "nested too deeply") from None
    except ValueError:  # an integer of thousands of digits, which Python will not convert
        raise ContentError(str(path), "(file)", "(syntax)", "a number too long") from None
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        entry, field = _entry_label(data, tuple(first["loc"]))
        raise ContentError(str(path), entry, field, first["msg"]) from None
    except RecursionError:
        raise ContentError(str(path), "(file)", "(syntax)", "nested too deeply") from None


def content_hash(*models: BaseModel) -> str:
    """A short stable hash of validated content, so records can pin what they were played with."""
    digest = hashlib.sha256()
    for model in models:
        digest.update(json.dumps(model.model_dump(mode="json"), sort_keys=True).encode())
    return digest.hexdigest()[:16]


def folder_fingerprint(folder: str | Path) -> str:
    """A hash of the content files (*.toml) in `folder`, names and bytes: what a game
    loaded from the folder is cached under, so that editing a file loads it again."""
    digest = hashlib.sha256()
    try:
        files = sorted(p for p in Path(folder).glob("*.toml") if p.is_file())
        for path in files:
            digest.update(path.name.encode() + b"\0")
            digest.update(hashlib.sha256(path.read_bytes()).digest())
    except OSError as exc:
        # unreadable now: a key of its own, and the loader names the file that fails
        digest.update(f"unreadable: {exc}".encode())
    return digest.hexdigest()


def _entries(table: object) -> dict[str, object]:
    """A file's top-level tables as named entries: a list of tables by each one's id (or
    name, or place), a single table (`[rules]`) as itself."""
    out: dict[str, object] = {}
    for key, value in (table.items() if isinstance(table, dict) else ()):
        if isinstance(value, list) and all(isinstance(v, dict) for v in value):
            for place, item in enumerate(value, start=1):
                ident = item.get("id") or item.get("name") or f"#{place}"
                out[f"{key} '{ident}'"] = item
        else:
            out[key] = value
    return out


def _flat(value: object, prefix: str = "") -> dict[str, object]:
    """Dotted field paths to values; a list of tables by each one's id (or place)."""
    if isinstance(value, dict):
        out: dict[str, object] = {}
        for key, inner in value.items():
            out.update(_flat(inner, f"{prefix}.{key}" if prefix else str(key)))
        return out or {prefix: {}}
    if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        out = {}
        for place, item in enumerate(value, start=1):
            ident = item.get("id") or item.get("card") or item.get("name") or f"#{place}"
            out.update(_flat(item, f"{prefix}[{ident}]"))
        return out
    return {prefix: value}


def _shown(value: object) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "..."


def content_changes(shipped: str | Path, folder: str | Path) -> list[str]:
    """What a content folder changes against the shipped one, one line each: entries (cards,
    creatures, decks...) added and removed, and each value changed, added or removed, by
    file, entry and field. Both folders' files must be valid TOML (load them first)."""
    lines: list[str] = []
    for base in sorted(Path(shipped).glob("*.toml")):
        mine = Path(folder) / base.name
        if not mine.exists():
            lines.append(f"{base.name}: missing (the game cannot load without it)")
            continue
        old = _entries(tomllib.loads(base.read_text()))
        new = _entries(tomllib.loads(mine.read_text()))
        for name in sorted(new.keys() - old.keys()):
            lines.append(f"{base.name}: {name} added")
        for name in sorted(old.keys() - new.keys()):
            lines.append(f"{base.name}: {name} removed")
        for name in [n for n in new if n in old]:
            before, after = _flat(old[name]), _flat(new[name])
            for path in after:
                if path not in before:
                    lines.append(f"{base.name}: {name}: {path} added: {_shown(after[path])}")
                elif after[path] != before[path]:
                    lines.append(f"{base.name}: {name}: {path} changed: {_shown(before[path])} -> {_shown(after[path])}")
            for path in sorted(before.keys() - after.keys()):
                lines.append(f"{base.name}: {name}: {path} removed (was {_shown(before[path])})")
    extra = sorted(p.name for p in Path(folder).glob("*.toml") if not (Path(shipped) / p.name).exists())
    lines += [f"{name}: not a file of this game (ignored)" for name in extra]
    return lines
