#!/usr/bin/env python3
"""Validates a SARIF log against the SARIF 2.1.0 JSON schema.

usage: validate_sarif.py SCHEMA SARIF_FILE

Prints every schema violation and exits 1 when there is one; exits 0 and
prints nothing when the log is valid. Needs python3-jsonschema.
"""
import json
import sys

import jsonschema


def main(argv):
    if len(argv) != 3:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    with open(argv[1], encoding="utf-8") as f:
        schema = json.load(f)
    with open(argv[2], encoding="utf-8") as f:
        try:
            log = json.load(f)
        except json.JSONDecodeError as e:
            print(f"{argv[2]}: not JSON: {e}", file=sys.stderr)
            return 1
    validator_class = jsonschema.validators.validator_for(schema)
    validator_class.check_schema(schema)
    errors = sorted(validator_class(schema).iter_errors(log),
                    key=lambda e: list(e.absolute_path))
    for e in errors:
        path = "/".join(str(p) for p in e.absolute_path) or "(root)"
        print(f"{argv[2]}: {path}: {e.message}", file=sys.stderr)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
