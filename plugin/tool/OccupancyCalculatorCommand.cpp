//===-- OccupancyCalculatorCommand.cpp - `warplint occupancy` -------------===//
//
// warplint occupancy --arch=sm_90 --threads=256 --regs=72 --smem=49152
//                    [--barriers=N] [--format=text|json]
//                    [--sweep=threads|regs|smem [--format=text|csv|json]]
//                    [--plot=FILE.svg]
// warplint occupancy --batch [--steps] < LINES   (ARCH THREADS REGS SMEM
//                                                 [BARRIERS])
// warplint occupancy --parse-ptxas=FILE|- [--threads=N [--smem=DYNAMIC]]
//                    [--arch=sm_XX] [--format=text|json]
//
// The occupancy calculator's command line: its options and input. What it
// computes and prints is lib/Calculator (OccupancyCalculator.h), over the
// occupancy model and the ptxas report parser; the check warplint-occupancy
// is another thing (lib/Checks/OccupancyCheck.cpp). Options are parsed here,
// by hand, not with cl::opt: the tool's cl::opt options are global and some
// share names (--arch, --format) with these.
//
//===----------------------------------------------------------------------===//
#include "OccupancyCalculatorCommand.h"
#include "warplint/Calculator/OccupancyCalculator.h"
#include "warplint/Core/InputFile.h"
#include "warplint/Core/Version.h"
#include "warplint/Model/Occupancy.h"
#include "warplint/Model/OccupancySweep.h"
#include "warplint/Output/OccupancyCharts.h"
#include "warplint/Ptxas/CudaObject.h"
#include "warplint/Ptxas/PtxasReport.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>

using namespace llvm;
using namespace warplint;
using namespace warplint::model;

static const char Help[] =
    "OVERVIEW: warplint occupancy: how many blocks of a kernel an SM holds,\n"
    "what limits them and what would change that; the same numbers as\n"
    "cudaOccMaxActiveBlocksPerMultiprocessor of cuda_occupancy.h (default\n"
    "cache configuration and carveout; shared memory above 48 KB opted in).\n"
    "\n"
    "USAGE:\n"
    "  warplint occupancy --arch=sm_90 --threads=256 --regs=72 --smem=49152\n"
    "  warplint occupancy --arch=sm_90 --threads=256 --regs=72 --smem=48K\n"
    "                     --sweep=regs [--format=csv] [--plot=charts.svg]\n"
    "  warplint occupancy --batch [--steps] < lines\n"
    "  warplint occupancy --parse-ptxas=FILE [--threads=N [--smem=DYNAMIC]]\n"
    "\n"
    "OPTIONS:\n"
    "  --arch=ARCH         GPU architecture: sm_50 ... sm_121 (sm_90a,\n"
    "                      compute_90 and 90 name sm_90), a compute\n"
    "                      capability (9.0) or a GPU's name (h100, a100,\n"
    "                      l40s, rtx4090, \"GeForce RTX 3080\", ...)\n"
    "  --threads=N         threads per block\n"
    "  --regs=N            registers per thread (what ptxas reports);\n"
    "                      required for one launch\n"
    "  --smem=BYTES        shared memory per block, static + dynamic, without\n"
    "                      the 1 KB the driver reserves on 8.0+ (the model\n"
    "                      adds it); a K or KB suffix multiplies by 1024\n"
    "  --barriers=N        barriers the kernel uses (default 1; limits on "
    "9.0+)\n"
    "  --format=text|json  output format (default text); csv with --sweep\n"
    "  --sweep=AXIS        the occupancy curve of the launch as a table, one\n"
    "                      row per value of AXIS, the others fixed: threads\n"
    "                      (32, 64, ... 1024), regs (1 ... 255) or smem (0 to\n"
    "                      the largest block, in steps of the allocation\n"
    "                      unit); each row: blocks and warps per SM,\n"
    "                      occupancy, limiter; the launch's row marked\n"
    "  --plot=FILE.svg     also write the calculator's three charts of the\n"
    "                      launch (occupancy against block size, registers\n"
    "                      per thread and shared memory per block; the launch\n"
    "                      and its limiter marked) to FILE, one SVG\n"
    "  --batch             read 'ARCH THREADS REGS SMEM [BARRIERS]' lines "
    "from\n"
    "                      stdin, write one JSON object per line; a line that\n"
    "                      cannot be read gives {\"line\":N,\"error\":...}\n"
    "  --steps             with --batch: add the steps to each object\n"
    "  --parse-ptxas=FILE  read the output of 'nvcc -Xptxas -v', 'nvcc\n"
    "                      --resource-usage' or 'ptxas -v' ('-': stdin) and\n"
    "                      print each function's resources; with --threads,\n"
    "                      each kernel's occupancy (its static shared memory\n"
    "                      plus --smem of dynamic); or read a CUDA object (a\n"
    "                      host object, .a, .fatbin or .cubin) and print what "
    "its\n"
    "                      cubins record of each kernel (not spills)\n"
    "\n"
    "With --parse-ptxas, lines the parser does not know (another tool's\n"
    "output, a new kind of ptxas info) are listed as 'unrecognized' and are\n"
    "harmless; errors are ptxas's own and lines that show the report\n"
    "damaged or cut short (a count no GPU has, an entry function without\n"
    "its 'Used N registers' line).\n"
    "\n"
    "Exit status: 0 success; 1 a launch that cannot run, a batch line that\n"
    "could not be read, or a ptxas report with errors; 2 a usage error, or a\n"
    "--parse-ptxas input that cannot be read or holds no ptxas report\n"
    "(an object: one that is damaged or holds no cubin).\n";

namespace {

struct CommandOptions {
  std::optional<std::string> Arch;
  std::optional<uint64_t> Threads, Regs, Smem;
  unsigned Barriers = 1;
  bool Json = false;
  bool Csv = false;
  std::optional<SweepAxis> Sweep;
  std::optional<std::string> Plot;
  bool Batch = false;
  bool Steps = false;
  std::optional<std::string> PtxasFile;
};

int usage(const Twine &Msg) {
  errs() << "warplint: error: " << Msg << "\n";
  return 2;
}

/// --plot=FILE: the three charts of the launch.
bool writePlot(const std::string &Path, const SmArch &A,
               const OccupancyInput &In) {
  std::error_code EC;
  raw_fd_ostream OS(Path, EC, sys::fs::OF_Text);
  if (!EC) {
    OS << occupancyChartsSvgDocument(A, In);
    OS.close();
    EC = OS.error();
    OS.clear_error();
  }
  if (EC)
    errs() << "warplint: error: cannot write --plot file '" << Path
           << "': " << EC.message() << "\n";
  return !EC;
}

/// One launch: --arch, --threads, --regs, --smem, --barriers; its curve
/// with --sweep, its charts with --plot.
int runSingle(const CommandOptions &O) {
  StringRef For = O.Sweep  ? " (the launch whose curve --sweep prints)"
                  : O.Plot ? " (the launch whose charts --plot draws)"
                           : "";
  if (!O.Arch)
    return usage("--arch is required" + For + " (known: " + knownSmArchNames() +
                 ")");
  if (!O.Threads)
    return usage("--threads is required" + For);
  auto A = lookupSmArch(*O.Arch);
  if (!A)
    return usage(toString(A.takeError()));
  // No default: a kernel without registers does not exist, and 0 would
  // read as the best occupancy the block size allows.
  if (!O.Regs)
    return usage("--regs is required" + For +
                 ": the registers per thread ptxas reports (nvcc -Xptxas "
                 "-v; --parse-ptxas=FILE reads them from its output or an "
                 "object)");
  OccupancyInput In;
  In.Threads = *O.Threads;
  In.Regs = O.Regs.value_or(0);
  In.Smem = O.Smem.value_or(0);
  In.Barriers = O.Barriers;
  OccupancyResult R = computeOccupancy(**A, In);
  // The chart first: a file that cannot be written is a usage error, and
  // nothing is printed then.
  if (O.Plot && !writePlot(*O.Plot, **A, In))
    return 2;
  if (O.Sweep) {
    calc::writeSweep(outs(), **A, In, *O.Sweep,
                     O.Csv    ? calc::SweepFormat::Csv
                     : O.Json ? calc::SweepFormat::Json
                              : calc::SweepFormat::Text);
    return R.ok() ? 0 : 1;
  }
  OccupancySteps S = occupancySteps(**A, In, R);
  if (O.Json)
    calc::writeOccupancyJson(outs(), **A, In, R, S);
  else
    calc::printOccupancy(outs(), **A, In, R, S);
  return R.ok() ? 0 : 1;
}

/// --batch: launches from standard input.
int runBatch(const CommandOptions &O) {
  auto Buf = MemoryBuffer::getSTDIN();
  if (!Buf)
    return usage("cannot read stdin: " + Buf.getError().message());
  return calc::writeBatch(outs(), (*Buf)->getBuffer(), O.Steps) ? 0 : 1;
}

/// --parse-ptxas=FILE: what a ptxas report says of each function.
int runParsePtxas(const CommandOptions &O) {
  Expected<std::string> Text =
      readInputFile(*O.PtxasFile, MaxObjectBytes, "a ptxas report or object",
                    /*AllowStdin=*/true);
  if (!Text)
    return usage("cannot read '" + *O.PtxasFile +
                 "': " + toString(Text.takeError()));
  bool Object = ptxas::looksLikeObject(*Text);
  if (!Object && Text->size() > MaxReportBytes)
    return usage("cannot read '" + *O.PtxasFile +
                 "': larger than a ptxas report can be");
  auto Rep = Object ? ptxas::readObject(*Text) : ptxas::parseReport(*Text);
  if (!Rep)
    return usage(*O.PtxasFile + ": " + toString(Rep.takeError()));
  calc::ReportSummaryOptions S;
  if (O.Arch) {
    auto A = lookupSmArch(*O.Arch);
    if (!A)
      return usage(toString(A.takeError()));
    S.Arch = *A;
  }
  S.Threads = O.Threads;
  S.DynamicSmem = O.Smem.value_or(0);
  S.Json = O.Json;
  S.Name = *O.PtxasFile;
  calc::summariseReport(outs(), *Rep, S);
  // Unrecognized lines are listed but harmless: real nvcc output has some
  // (its command, a host compiler's warnings).
  unsigned Errors = Rep->count(ptxas::Diagnostic::Error);
  if (Errors)
    errs() << "warplint: " << *O.PtxasFile << ": " << Errors << " error"
           << (Errors == 1 ? "" : "s") << " in the "
           << (Object ? "object" : "ptxas report") << "\n";
  return Errors ? 1 : 0;
}

} // namespace

int runOccupancyCalculatorCommand(int Argc, const char **Argv) {
  CommandOptions O;
  for (int I = 1; I < Argc; ++I) {
    StringRef Arg = Argv[I];
    if (Arg == "--help" || Arg == "-help" || Arg == "-h") {
      outs() << Help;
      return 0;
    }
    if (Arg == "--version") {
      outs() << "warplint occupancy " << warplintVersion() << " (LLVM "
             << LLVM_VERSION_STRING << ")\n";
      return 0;
    }
    if (Arg == "--batch") {
      O.Batch = true;
      continue;
    }
    if (Arg == "--steps") {
      O.Steps = true;
      continue;
    }
    // --name=value or --name value
    if (!Arg.starts_with("--"))
      return usage("unexpected argument '" + Arg +
                   "' (see 'warplint occupancy --help')");
    auto [Name, Value] = Arg.drop_front(2).split('=');
    bool HasValue = Arg.contains('=');
    static const char *const WithValue[] = {"arch",        "threads",  "regs",
                                            "smem",        "barriers", "format",
                                            "parse-ptxas", "sweep",    "plot"};
    if (!is_contained(WithValue, Name))
      return usage("unknown option '--" + Name +
                   "' (see 'warplint occupancy --help')");
    if (!HasValue) {
      if (I + 1 >= Argc)
        return usage("option '--" + Name + "' needs a value");
      Value = Argv[++I];
    }
    if (Name == "arch") {
      O.Arch = Value.str();
    } else if (Name == "format") {
      if (Value != "text" && Value != "json" && Value != "csv")
        return usage("--format must be text, json or csv (csv with --sweep), "
                     "not '" +
                     Value + "'");
      O.Json = Value == "json";
      O.Csv = Value == "csv";
    } else if (Name == "sweep") {
      O.Sweep = parseSweepAxis(Value);
      if (!O.Sweep)
        return usage("--sweep must be threads, regs or smem, not '" + Value +
                     "'");
    } else if (Name == "plot") {
      if (Value.empty() || Value == "-")
        return usage("--plot needs the name of the SVG file to write");
      O.Plot = Value.str();
    } else if (Name == "parse-ptxas") {
      if (Value.empty())
        return usage("--parse-ptxas needs a file name, or '-' for stdin");
      O.PtxasFile = Value.str();
    } else {
      auto V = calc::parseCount(Value, /*Sizes=*/Name == "smem");
      if (!V)
        return usage("--" + Name + " must be a non-negative number" +
                     (Name == "smem" ? " of bytes (K or KB: x1024)" : "") +
                     ", not '" + Value + "'");
      if (Name == "threads")
        O.Threads = *V;
      else if (Name == "regs")
        O.Regs = *V;
      else if (Name == "smem")
        O.Smem = *V;
      else if (*V > 64)
        return usage("--barriers must be from 0 to 64, not '" + Value + "'");
      else
        O.Barriers = unsigned(*V);
    }
  }
  if (O.Csv && !O.Sweep)
    return usage("--format=csv goes with --sweep (a table); one launch is "
                 "text or json");
  if ((O.Sweep || O.Plot) && (O.Batch || O.PtxasFile))
    return usage(Twine(O.Sweep ? "--sweep" : "--plot") +
                 " goes with one launch (--arch, --threads, --regs, --smem), "
                 "not with " +
                 (O.Batch ? "--batch" : "--parse-ptxas"));
  if (O.Batch && O.PtxasFile)
    return usage("--batch and --parse-ptxas cannot be combined");
  if (O.Steps && !O.Batch)
    return usage("--steps goes with --batch (single results always have them)");
  if (O.Batch) {
    if (O.Arch || O.Threads || O.Regs || O.Smem)
      return usage("--batch reads the architecture and sizes from stdin; "
                   "--arch, --threads, --regs and --smem do not apply");
    return runBatch(O);
  }
  if (O.PtxasFile)
    return runParsePtxas(O);
  return runSingle(O);
}
