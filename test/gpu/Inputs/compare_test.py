"""Unit checks of bench/gpu/compare.py (scripts/gpu-check's comparison):
the parser of `ncu --csv` and of the occupancy program, and the verdict of
each kind of case, with counters made up here."""

import os
import sys
import unittest

sys.path.insert(0, os.path.join(sys.argv.pop(1), "bench", "gpu"))
import compare  # noqa: E402

LD_WF = "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum"
ST_WF = "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum"
LD_I = "smsp__sass_inst_executed_op_shared_ld.sum"
ST_I = "smsp__sass_inst_executed_op_shared_st.sum"

CSV = """==PROF== Connected to process 7 (/x/gen_0)
gpu-check: launches done
"ID","Process ID","Process Name","Host Name","Kernel Name","Context","Stream","Block Size","Grid Size","Device","CC","Section Name","Metric Name","Metric Unit","Metric Value"
"0","7","gen_0","h","g3(float *, float, int)","1","7","(64, 2, 1)","(1, 1, 1)","0","9.0","Command line profiler metrics","%s","","1,040"
"0","7","gen_0","h","g3(float *, float, int)","1","7","(64, 2, 1)","(1, 1, 1)","0","9.0","Command line profiler metrics","%s","","4"
"1","7","gen_0","h","void g4<int>(int *)","1","7","(32, 1, 1)","(1, 1, 1)","0","9.0","Command line profiler metrics","%s","","n/a"
""" % (LD_WF, LD_I, LD_WF)


def generated(kind, warps, phases, pred):
    return {"id": "g.0", "group": "generated", "kind": kind,
            "model_warps": warps, "model_phases": phases,
            "prediction": pred}


class Parse(unittest.TestCase):
    def test_ncu_csv(self):
        launches = compare.parse_ncu_csv(CSV)
        self.assertEqual([l["kernel"] for l in launches], ["g3", "g4"])
        self.assertEqual(launches[0]["block"], [64, 2, 1])
        self.assertEqual(launches[0]["metrics"], {LD_WF: 1040, LD_I: 4})
        self.assertIsNone(launches[1]["metrics"][LD_WF])

    def test_no_header(self):
        with self.assertRaises(ValueError):
            compare.parse_ncu_csv("==ERROR== ERR_NVGPUCTRPERM\n")

    def test_occupancy(self):
        dev, attrs, occ = compare.parse_occupancy(
            'noise\nDEVICE {"name": "H100", "cc": "9.0"}\n'
            'ATTR {"kernel": "k", "regs": 40, "static": 0}\n'
            'OCC {"kernel": "k", "threads": 64, "dynamic": 0, "blocks": 3, '
            '"error": ""}\n')
        self.assertEqual(dev["cc"], "9.0")
        self.assertEqual(attrs["k"]["regs"], 40)
        self.assertEqual(occ[("k", 64, 0)], (3, ""))


class Judge(unittest.TestCase):
    ok = {"state": "ok", "wavefronts": 2, "phases": 1}

    def test_generated_agrees(self):
        c = generated("ld", [2, 1, 0], [1, 1, 0], self.ok)
        r = compare.judge(c, {LD_WF: 3, LD_I: 2})
        self.assertEqual(r["verdict"], "agrees", r["why"])

    def test_generated_disagrees(self):
        # one wavefront more than the model's sum over the warps
        c = generated("ld", [2, 1, 0], [1, 1, 0], self.ok)
        r = compare.judge(c, {LD_WF: 4, LD_I: 2})
        self.assertEqual(r["verdict"], "disagrees")
        self.assertIn("measured 4 wavefronts, the model 3", r["why"])

    def test_warplint_worst_warp_wrong(self):
        c = generated("ld", [2, 1], [1, 1], dict(self.ok, wavefronts=1))
        r = compare.judge(c, {LD_WF: 3, LD_I: 2})
        self.assertEqual(r["verdict"], "disagrees")
        self.assertIn("warplint's worst warp", r["why"])

    def test_split(self):
        # two instructions per warp: not comparable, not a disagreement
        c = generated("ld", [1, 1], [1, 1], self.ok)
        self.assertEqual(compare.judge(c, {LD_WF: 4, LD_I: 4})["verdict"],
                         "split")

    def test_compound_checks_both(self):
        c = generated("ldst", [1], [1], dict(self.ok, wavefronts=1))
        good = {LD_WF: 1, LD_I: 1, ST_WF: 1, ST_I: 1}
        self.assertEqual(compare.judge(c, good)["verdict"], "agrees")
        bad = dict(good, **{ST_WF: 2})
        r = compare.judge(c, bad)
        self.assertEqual(r["verdict"], "disagrees")
        self.assertTrue(r["why"].startswith("st: "), r["why"])

    def test_missing_counter(self):
        c = generated("ld", [1], [1], self.ok)
        self.assertEqual(compare.judge(c, {LD_WF: 1})["verdict"],
                         "not-measured")

    def test_unknown_is_recorded(self):
        c = generated("ld", [1], [1], {"state": "unknown", "why": "x"})
        self.assertEqual(compare.judge(c, {LD_WF: 1, LD_I: 1})["verdict"],
                         "no-prediction")

    def test_one_warp(self):
        c = {"group": "tensor", "kind": "ldsm",
             "prediction": {"state": "ok", "wavefronts": 8}}
        m = {compare.WF["ldsm"][0]: 8, compare.INST["ldsm"][0]: 1}
        self.assertEqual(compare.judge(c, m)["verdict"], "agrees")
        m[compare.WF["ldsm"][0]] = 4
        self.assertEqual(compare.judge(c, m)["verdict"], "disagrees")
        # the fallback counter when ncu lacks the LDSM one
        m = {LD_WF: 8, compare.INST["ldsm"][0]: 1}
        r = compare.judge(c, m)
        self.assertEqual(r["verdict"], "agrees")
        self.assertEqual(r["measured"]["ldsm"]["wavefrontsMetric"], LD_WF)

    def test_wmma_bound(self):
        c = {"group": "wmma", "kind": "ld",
             "prediction": {"lower_bound": 8, "ideal": 4}}
        self.assertEqual(compare.judge(c, {LD_WF: 8, LD_I: 4})["verdict"],
                         "bound-ok")
        self.assertEqual(compare.judge(c, {LD_WF: 7, LD_I: 4})["verdict"],
                         "below-bound")


class Example(unittest.TestCase):
    def acc(self, **kw):
        a = {"line": 3, "access": "load", "instruction": "", "state": "ok",
             "degree": 2, "maxPhases": 1, "tile": False}
        a.update(kw)
        return a

    def launch(self, wf, inst):
        return {"kernel": "k", "block": [32, 1, 1],
                "metrics": {LD_WF: wf, LD_I: inst}}

    def test_bound(self):
        pred = {"k 32,1,1": [self.acc(), self.acc(degree=8, maxPhases=2)]}
        r = compare.judge_example(self.launch(160, 10), pred)
        self.assertEqual(r["verdict"], "bound-ok", r["why"])
        r = compare.judge_example(self.launch(161, 10), pred)
        self.assertEqual(r["verdict"], "disagrees")

    def test_unknown_and_unlisted(self):
        pred = {"k 32,1,1": [self.acc(state="unknown")]}
        r = compare.judge_example(self.launch(500, 1), pred)
        self.assertEqual(r["verdict"], "recorded")
        r = compare.judge_example(self.launch(5, 1), {})
        self.assertEqual(r["verdict"], "unlisted")


class Occupancy(unittest.TestCase):
    manifest = {"arch": "sm_90", "occupancy": {
        "kernels": {"k": {"registers": 40, "static": 0, "stack": 0,
                          "barriers": 1, "launchBounds": 1024}},
        "configs": [["k", 64, 0, {"blocks": 32, "limiter": "blocks"}],
                    ["k", 1024, 0, {"blocks": 2, "limiter": "warps"}]]}}

    def text(self, cc, b1, b2):
        return ('DEVICE {"name": "x", "cc": "%s"}\n'
                'ATTR {"kernel": "k", "regs": 40, "static": 0}\n'
                'OCC {"kernel": "k", "threads": 64, "dynamic": 0, '
                '"blocks": %d, "error": ""}\n'
                'OCC {"kernel": "k", "threads": 1024, "dynamic": 0, '
                '"blocks": %d, "error": ""}\n' % (cc, b1, b2))

    def test_one_wrong(self):
        res, err = compare.compare_occupancy(self.manifest,
                                             self.text("9.0", 32, 1))
        self.assertEqual(err, [])
        bad = [r["id"] for r in res if r["verdict"] == "disagrees"]
        self.assertEqual(bad, ["k.1024.0"])

    def test_other_device(self):
        res, err = compare.compare_occupancy(self.manifest,
                                             self.text("8.0", 32, 2))
        self.assertEqual(res, [])
        self.assertIn("predictions are for sm_90", err[0])


if __name__ == "__main__":
    unittest.main()
