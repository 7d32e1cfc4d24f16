"""Reads the App Store's decoded payloads as Apple's app-store-server-library reads them.

Each payload is structured into the library's model class with the cattrs converter its
SignedDataVerifier uses (JWSTransactionDecodedPayload, JWSRenewalInfoDecodedPayload,
AppTransaction), and fails when a field is unknown to the model, has another JSON type than the
model's, names no case of the model's enum, or does not come back the same when the library
writes the model out again.

Input (stdin): a JSON list of {"kind": "transaction" | "renewalInfo" | "appTransaction",
"name": "...", "payload": {...}}. Output (stdout): {"checked": N, "failures": ["name: ..."]}.
Exit status 0 when every payload passed, 1 when one failed, 2 when the input is not that list.
"""

import json
import sys
import typing

import attr
from appstoreserverlibrary.models.AppTransaction import AppTransaction
from appstoreserverlibrary.models.JWSRenewalInfoDecodedPayload import JWSRenewalInfoDecodedPayload
from appstoreserverlibrary.models.JWSTransactionDecodedPayload import JWSTransactionDecodedPayload
from appstoreserverlibrary.models.LibraryUtility import (
    _get_cattrs_converter,
    metadata_key,
    metadata_type_key,
)

MODELS = {
    "transaction": JWSTransactionDecodedPayload,
    "renewalInfo": JWSRenewalInfoDecodedPayload,
    "appTransaction": AppTransaction,
}


def json_fields(model):
    """The model's JSON names: each to (its attribute, the enum attribute it maps to, or None)."""
    names = {}
    for field in attr.fields(model):
        kind = field.metadata.get(metadata_type_key)
        if kind == "main":
            continue  # the enum itself: its JSON value is the raw attribute's
        if kind == "raw":
            names[field.metadata[metadata_key]] = (field, field.metadata[metadata_key])
        else:
            names[field.name] = (field, None)
    return names


def json_type_matches(value, annotation):
    """Whether a JSON value has the type of an Optional[...] annotation (a bool is no int)."""
    inner = [a for a in typing.get_args(annotation) if a is not type(None)]
    expected = inner[0] if inner else annotation
    origin = typing.get_origin(expected)
    if origin in (list, typing.List):
        (item,) = typing.get_args(expected)
        return isinstance(value, list) and all(json_type_matches(v, item) for v in value)
    if expected is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if expected in (str, bool):
        return isinstance(value, expected)
    if attr.has(expected):  # a nested model (commitmentInfo): each of its fields as the model's
        if not isinstance(value, dict):
            return False
        names = json_fields(expected)
        return all(key in names and v is not None and json_type_matches(v, names[key][0].type) for key, v in value.items())
    return False


def nested_model(annotation):
    """The attrs model an Optional[...] annotation names, if it names one."""
    inner = [a for a in typing.get_args(annotation) if a is not type(None)]
    expected = inner[0] if inner else annotation
    return expected if isinstance(expected, type) and attr.has(expected) else None


def enum_failures(model, decoded, readable, prefix=""):
    """Each value of `readable` (nested ones too) that no case of the model's enum maps."""
    failures = []
    names = json_fields(model)
    for key, value in readable.items():
        field, enum_field = names[key]
        if enum_field is not None and getattr(decoded, enum_field) is None:
            failures.append(f"{prefix}{key} {value!r} is no case of the library's {enum_field} enum")
        inner = nested_model(field.type)
        if inner is not None and isinstance(value, dict):
            failures += enum_failures(inner, getattr(decoded, field.name), value, f"{prefix}{key}.")
    return failures


def check(kind, payload):
    model = MODELS[kind]
    failures = []
    if not isinstance(payload, dict):
        return [f"not a JSON object: {payload!r}"]
    names = json_fields(model)
    readable = {}  # the fields the model has, with its types: the rest is checked further
    for key, value in payload.items():
        if key not in names:
            failures.append(f"{key} is not a field of {model.__name__}")
            continue
        field, enum_field = names[key]
        if value is None:
            failures.append(f"{key} is null: an absent value is left out")
        elif not json_type_matches(value, field.type):
            failures.append(f"{key} is {type(value).__name__} {value!r}, the model's is {field.type}")
        else:
            readable[key] = value
    converter = _get_cattrs_converter(model)
    try:
        decoded = converter.structure(readable, model)
    except Exception as error:  # what the library would raise reading it
        return failures + [f"the library cannot read it: {error!r}"]
    failures += enum_failures(model, decoded, readable)
    again = converter.unstructure(decoded)
    if again != readable:
        failures.append(f"written out again by the library it differs: {json.dumps(again, sort_keys=True)}")
    return failures


def main():
    try:
        items = json.load(sys.stdin)
        assert isinstance(items, list)
    except Exception as error:
        print(json.dumps({"checked": 0, "failures": [f"the input is not a JSON list: {error}"]}))
        return 2
    failures = []
    for item in items:
        name = item.get("name", "?")
        kind = item.get("kind")
        if kind not in MODELS:
            failures.append(f"{name}: no model for kind {kind!r}")
            continue
        failures += [f"{name}: {failure}" for failure in check(kind, item.get("payload"))]
    print(json.dumps({"checked": len(items), "failures": failures}))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
