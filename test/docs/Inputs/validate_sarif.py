#!/usr/bin/env python3
"""Validates a SARIF log against the SARIF 2.1.0 JSON schema.

usage: validate_sarif.py SCHEMA SARIF_FILE

Prints every schema violation and exits 1 when there is one; exits 0 and
prints nothing when the log is valid. Beyond the schema it checks warplint's
own contract: every result's ruleId is described in tool.driver.rules, and a
ruleIndex points at that rule. Needs python3-jsonschema.
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
    bad = 0
    for r, run in enumerate(log.get("runs", [])):
        rules = [rule.get("id") for rule in
                 run.get("tool", {}).get("driver", {}).get("rules", [])]
        for i, res in enumerate(run.get("results", [])):
            where = f"{argv[2]}: runs/{r}/results/{i}"
            rid = res.get("ruleId")
            if rid not in rules:
                print(f"{where}: ruleId {rid!r} is not in tool.driver.rules",
                      file=sys.stderr)
                bad += 1
            elif "ruleIndex" in res and rules[res["ruleIndex"]] != rid:
                print(f"{where}: ruleIndex {res['ruleIndex']} is not {rid!r}",
                      file=sys.stderr)
                bad += 1
    return 1 if errors or bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
