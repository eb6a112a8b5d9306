//===-- LauncherCommand.cpp - What warplint-launch makes of a command -----===//
#include "warplint/Driver/LauncherCommand.h"
#include "warplint/Core/Checks.h"
#include "warplint/Core/Config.h"
#include "warplint/Core/Options.h"
#include "warplint/Driver/CompileArgs.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace warplint::launcher {

static StringRef optionName(StringRef A) {
  return A.ltrim('-').split('=').first;
}

bool LauncherArgs::forwards(StringRef Name) const {
  StringRef Want = Name.ltrim('-');
  return any_of(Forwarded,
                [&](const std::string &A) { return optionName(A) == Want; });
}

/// The checks warplint will run on Source, as far as the launcher can
/// tell: the forwarded --checks, else the Checks of the configuration file
/// warplint reads (--config, else the nearest .warplint.yaml; none with
/// --no-config); std::nullopt for every check, or when warplint is the one
/// to say what is wrong (a bad glob or file).
static std::optional<CheckFilter> checksFor(const LauncherArgs &L,
                                            StringRef Source) {
  std::optional<std::string> Globs = L.forwardedValue("checks");
  if (!Globs && !L.forwards("no-config")) {
    std::optional<FileConfig> Config;
    if (std::optional<std::string> File = L.forwardedValue("config")) {
      auto C = readConfigFile(*File);
      if (!C) {
        consumeError(C.takeError());
        return std::nullopt;
      }
      Config = std::move(*C);
    } else if (!Source.empty()) {
      auto C = findConfigFor(Source);
      if (!C) {
        consumeError(C.takeError());
        return std::nullopt;
      }
      Config = std::move(*C);
    }
    if (Config)
      Globs = Config->Checks;
  }
  if (!Globs)
    return std::nullopt;
  auto F = CheckFilter::parse(*Globs);
  if (!F) { // warplint will say what is wrong with it
    consumeError(F.takeError());
    return std::nullopt;
  }
  return *F;
}

bool wantsPtxasReport(const LauncherArgs &L, StringRef Source) {
  std::optional<CheckFilter> F = checksFor(L, Source);
  return !F || F->isEnabled(CheckId::Occupancy) ||
         F->isEnabled(CheckId::RegisterSpill);
}

bool wantsSpills(const LauncherArgs &L, StringRef Source) {
  std::optional<CheckFilter> F = checksFor(L, Source);
  return !F || F->isEnabled(CheckId::RegisterSpill);
}

std::string compiledObject(ArrayRef<std::string> Command, StringRef Source) {
  bool Compiles = false;
  std::string Output;
  for (size_t I = 1; I < Command.size(); ++I) {
    StringRef A = Command[I];
    if (A == "-c" || A == "--compile" || A == "-dc" || A == "--device-c") {
      Compiles = true;
    } else if (A == "-o" || A == "--output-file") {
      if (I + 1 >= Command.size())
        return "";
      Output = Command[++I];
    } else if (A.starts_with("--output-file=") || A.starts_with("-o=")) {
      Output = A.split('=').second.str();
    } else if (A.starts_with("-odir") || A.starts_with("--output-directory") ||
               A == "-cubin" || A == "--cubin" || A == "-ptx" || A == "--ptx" ||
               A == "-fatbin" || A == "--fatbin" || A == "-E" ||
               A == "--preprocess" || A == "-lib" || A == "--lib" ||
               A == "-link" || A == "--link") {
      return "";
    }
  }
  if (!Compiles)
    return "";
  if (!Output.empty())
    return Output;
  return (sys::path::stem(Source) + ".o").str();
}

std::optional<std::string> LauncherArgs::forwardedValue(StringRef Name) const {
  StringRef Want = Name.ltrim('-');
  std::optional<std::string> Value;
  for (StringRef A : Forwarded)
    if (optionName(A) == Want && A.contains('='))
      Value = A.split('=').second.str();
  return Value;
}

Expected<LauncherArgs> parseLauncherArgs(ArrayRef<std::string> Args) {
  LauncherArgs L;
  size_t I = 0;
  for (; I < Args.size(); ++I) {
    StringRef A = Args[I];
    if (A == "--") { // the end of the launcher's options
      ++I;
      break;
    }
    if (!A.starts_with("-"))
      break;
    StringRef Name = A.split('=').first;
    bool HasValue = A.contains('=');
    bool *Flag = Name == "--werror"     ? &L.Werror
                 : Name == "--no-ptxas" ? &L.NoPtxas
                 : Name == "--verbose"  ? &L.Verbose
                 : Name == "--help"     ? &L.Help
                 : Name == "--version"  ? &L.Version
                                        : nullptr;
    if (Flag) {
      if (HasValue)
        return createStringError("option '" + Name.str() + "' takes no value");
      *Flag = true;
    } else if (Name == "--warplint") {
      StringRef Path = A.split('=').second;
      if (!HasValue || Path.empty())
        return createStringError(
            "option '--warplint' needs a path: --warplint=PATH");
      L.Warplint = Path.str();
    } else {
      // warplint's options (--checks=, --arch=, --config=, ...): warplint
      // checks them.
      L.Forwarded.push_back(A.str());
    }
  }
  L.Compiler.assign(Args.begin() + I, Args.end());
  if (L.Compiler.empty() && !L.Help && !L.Version)
    return createStringError("no compiler command; usage: warplint-launch "
                             "[LAUNCHER OPTIONS] COMPILER [COMPILER ARGS...]");
  return L;
}

Expected<bool> parseEnvSwitch(StringRef Name,
                              std::optional<std::string> Value) {
  if (!Value || StringRef(*Value).trim().empty())
    return false;
  if (std::optional<bool> B = parseBool(*Value))
    return *B;
  return createStringError(Name + "='" + *Value +
                           "' is neither on (1, true, yes, on) nor off (0, "
                           "false, no, off, or empty)");
}

Expected<unsigned> parseEnvSeconds(StringRef Name,
                                   std::optional<std::string> Value,
                                   unsigned Default) {
  if (!Value || StringRef(*Value).trim().empty())
    return Default;
  unsigned V = 0;
  if (StringRef(*Value).trim().getAsInteger(10, V) || V == 0)
    return createStringError(Name + "='" + *Value +
                             "' is not a number of seconds (a whole number "
                             "from 1 up)");
  return V;
}

CompilerKind compilerKind(StringRef Argv0) {
  if (isNvccCommand(Argv0))
    return CompilerKind::Nvcc;
  StringRef Name = sys::path::filename(Argv0);
  Name.consume_back(".exe");
  // clang, clang++, clang-22, clang++-22, x86_64-linux-gnu-clang++-22; not
  // clang-cl, whose flags are MSVC's.
  size_t P = Name.find("clang");
  if (P != StringRef::npos && !Name.contains("clang-cl") &&
      !Name.contains("clang-tidy"))
    return CompilerKind::Clang;
  return CompilerKind::Other;
}

/// Compiler caches that take the compiler command as their arguments.
static bool isCompilerCache(StringRef Argv0) {
  StringRef Name = sys::path::stem(Argv0);
  return Name == "ccache" || Name == "sccache" || Name == "buildcache" ||
         Name == "distcc" || Name == "icecc";
}

/// clang's and GCC's options whose value may be the next argument (those a
/// compile command may hold; an unknown one costs at most a source that is
/// not recognised as one).
static bool gccOptionTakesValue(StringRef A) {
  // clang-format off
  static const StringLiteral WithValue[] = {
      "-o", "-I", "-isystem", "-iquote", "-idirafter", "-include",
      "-imacros", "-include-pch", "-x", "-MF", "-MT", "-MQ", "-MJ", "-D",
      "-U", "-Xclang", "-Xlinker", "-Xassembler", "-Xpreprocessor",
      "-Xcuda-ptxas", "-Xcuda-fatbinary", "-Xopenmp-target",
      "-Xoffload-linker", "-Xarch_host", "-Xarch_device", "-Xanalyzer", "-L",
      "-l", "-target", "-arch", "-isysroot", "--sysroot", "-iprefix",
      "-iwithprefix", "-iwithprefixbefore", "-mllvm", "-u", "-T", "-z",
      "-e", "-working-directory", "-resource-dir", "-ivfsoverlay",
      "-cxx-isystem", "-F", "-framework", "-dependency-file",
      "-serialize-diagnostics", "-B", "--config", "-aux-triple",
      "--output", "--include-directory", "--define-macro",
      "--undefine-macro", "--language"};
  // clang-format on
  return is_contained(WithValue, A);
}

/// The value items of an nvcc -Xptxas / --ptxas-options argument.
static bool asksPtxasVerbose(StringRef Value) {
  SmallVector<StringRef, 4> Items;
  Value.split(Items, ',', -1, false);
  return any_of(Items, [](StringRef S) {
    S = S.trim();
    return S == "-v" || S == "--verbose";
  });
}

/// What -x LANG makes of a source: CUDA, C++, or neither.
enum class Lang { Cuda, Cxx, Neither, ByName };

static Lang langOfX(StringRef L) {
  if (L == "cu" || L == "cuda")
    return Lang::Cuda;
  if (L == "c++" || L == "cpp")
    return Lang::Cxx;
  if (L == "none")
    return Lang::ByName;
  return Lang::Neither; // c, assembler, cuda-header, c++-header, ...
}

static Lang langOfName(StringRef Path) {
  StringRef Ext = sys::path::extension(Path);
  if (Ext == ".cu")
    return Lang::Cuda;
  if (Ext == ".cpp" || Ext == ".cc" || Ext == ".cxx" || Ext == ".c++" ||
      Ext == ".cp" || Ext == ".C" || Ext == ".CPP")
    return Lang::Cxx;
  return Lang::Neither;
}

CompilePlan planCompile(ArrayRef<std::string> Command) {
  CompilePlan P;
  size_t Start = 0;
  while (Start + 1 < Command.size() && isCompilerCache(Command[Start]))
    ++Start;
  P.Command.assign(Command.begin() + Start, Command.end());
  if (P.Command.empty()) {
    P.RunOnly = "no compiler";
    return P;
  }
  if (sys::path::stem(P.Command.front()) == "warplint-launch") {
    // Launched twice (a launcher in front of a compiler variable that is
    // already one): the inner one analyses.
    P.RunOnly = "the compiler is warplint-launch itself";
    return P;
  }
  P.Kind = compilerKind(P.Command.front());
  bool Nvcc = P.Kind == CompilerKind::Nvcc;
  // Sources, modes and flags in files of options count as on the command
  // line, for the analysis, the report pass and the architectures alike.
  P.Command =
      Nvcc ? expandNvccOptionFiles(P.Command) : expandResponseFiles(P.Command);

  // nvcc's -x applies to every input; clang's to the inputs after it.
  Lang NvccLang = Lang::ByName;
  Lang ClangLang = Lang::ByName;
  std::vector<std::pair<std::string, Lang>> Inputs;
  std::string Mode; // a mode that compiles nothing: -E, -M, --version, ...
  for (size_t I = 1; I < P.Command.size(); ++I) {
    StringRef A = P.Command[I];
    if (A.empty())
      continue; // names no file: the compiler says so (found by fuzzing)
    if (!A.starts_with("-") || A == "-") {
      Inputs.push_back({A.str(), Nvcc ? Lang::ByName : ClangLang});
      continue;
    }
    StringRef Name = A, Value;
    bool HasEq = false;
    if (A.contains('=')) {
      std::tie(Name, Value) = A.split('=');
      HasEq = true;
    }
    bool TakesValue =
        Nvcc ? nvccOptionTakesValue(Name) : gccOptionTakesValue(Name);
    if (TakesValue && !HasEq)
      Value = I + 1 < P.Command.size() ? StringRef(P.Command[++I]) : "";
    if (!TakesValue)
      Name = A; // "-DX=1" is not "-DX" with a value

    if (Nvcc) {
      if (Name == "-x" || Name == "--x")
        NvccLang = langOfX(Value);
      else if (Name == "-Xptxas" || Name == "--ptxas-options" ||
               Name == "-ptxas-options")
        P.PrintsPtxasReport |= asksPtxasVerbose(Value);
      else if (A == "--resource-usage" || A == "-res-usage")
        P.PrintsPtxasReport = true;
      else if (A == "-E" || A == "--preprocess")
        Mode = "preprocessing only (" + A.str() + ")";
      else if (A == "-M" || A == "-MM" || A == "--generate-dependencies" ||
               A == "--generate-nonsystem-dependencies")
        Mode = "dependencies only (" + A.str() + ")";
      else if (A == "-dryrun" || A == "--dryrun" || A == "--version" ||
               A == "-V" || A == "--help" || A == "-h" ||
               A == "--list-gpu-arch" || A == "-arch-ls" ||
               A == "--list-gpu-code" || A == "-code-ls")
        Mode = A.str();
    } else {
      if (Name == "-x" || A.starts_with("-x")) {
        ClangLang = langOfX(Name == "-x" ? Value : A.drop_front(2));
      } else if (Name == "-Xcuda-ptxas") {
        P.PrintsPtxasReport |= Value == "-v" || Value == "--verbose";
      } else if (A.starts_with("--cuda-path=")) {
        P.CudaPath = A.split('=').second.str();
      } else if (A == "-E") {
        Mode = "preprocessing only (-E)";
      } else if (A == "-M" || A == "-MM") {
        Mode = "dependencies only (" + A.str() + ")";
      } else if (A == "-###" || A == "--version" || A == "--help" ||
                 A == "-dumpversion" || A == "-dumpmachine") {
        Mode = A.str();
      }
    }
  }

  for (auto &[Path, L] : Inputs) {
    Lang Eff = Nvcc ? NvccLang : L;
    if (Eff == Lang::ByName)
      Eff = langOfName(Path);
    if (Eff == Lang::Neither)
      continue;
    if (Path == "-") {
      // Reading it too would take it from the compiler, and a pipe in its
      // place could change what the compiler does: the compiler keeps the
      // launcher's standard input untouched.
      P.Sources.push_back({Path, Eff == Lang::Cuda,
                           "the source comes from standard input, which "
                           "only the compiler reads; warplint analyses "
                           "files"});
      continue;
    }
    if (isCMakeProbe(Path)) {
      if (Mode.empty())
        Mode = "a CMake compiler probe (" + Path + ")";
      continue;
    }
    P.Sources.push_back({Path, Eff == Lang::Cuda});
  }
  if (!Mode.empty()) {
    P.Sources.clear();
    P.RunOnly = Mode;
  } else if (P.Sources.empty()) {
    P.RunOnly = "no C++ or CUDA source (a link step?)";
  }
  P.Archs = gpuArchitectures(P.Command, &P.UnresolvedArchs);
  return P;
}

std::vector<std::string> expandResponseFiles(ArrayRef<std::string> Command) {
  if (none_of(Command, [](StringRef A) { return A.starts_with("@"); }))
    return Command.vec();
  // clang's driver (clang/tools/driver/driver.cpp) picks the quoting the
  // same way; clang-cl is not a compiler the launcher knows.
  bool Windows = false;
  for (StringRef A : Command)
    if (A == "--rsp-quoting=windows" || A == "--rsp-quoting=posix")
      Windows = A.ends_with("windows");
  BumpPtrAllocator Alloc;
  cl::ExpansionContext Ctx(Alloc, Windows ? cl::TokenizeWindowsCommandLine
                                          : cl::TokenizeGNUCommandLine);
  SmallVector<const char *, 32> Argv;
  for (const std::string &A : Command)
    Argv.push_back(A.c_str());
  if (Error E = Ctx.expandResponseFiles(Argv)) {
    consumeError(std::move(E));
    return Command.vec();
  }
  return std::vector<std::string>(Argv.begin(), Argv.end());
}

std::vector<std::string> analysisArgs(const CompilePlan &Plan,
                                      std::vector<std::string> *Dropped) {
  if (Plan.Command.empty())
    return {};
  if (Plan.Kind == CompilerKind::Nvcc) {
    std::vector<std::string> Clang =
        translateNvccCommand(Plan.Command, Dropped);
    return std::vector<std::string>(Clang.begin() + 1, Clang.end());
  }
  // -MJ's file is written by clang's driver as soon as it builds the
  // compilation, before warplint's own adjustments could drop the flag.
  std::vector<std::string> Out;
  for (size_t I = 1; I < Plan.Command.size(); ++I) {
    StringRef A = Plan.Command[I];
    if (A.starts_with("-MJ")) {
      if (A == "-MJ")
        ++I;
      if (Dropped)
        Dropped->push_back(A == "-MJ" && I < Plan.Command.size()
                               ? (A + " " + Plan.Command[I]).str()
                               : A.str());
      continue;
    }
    Out.push_back(A.str());
  }
  return Out;
}

/// The words of Line as a POSIX shell splits them, which is how nvcc's
/// -dryrun quotes (GNU quoting: blanks, double and single quotes,
/// backslashes).
static std::vector<std::string> shellWords(StringRef Line) {
  BumpPtrAllocator Alloc;
  StringSaver Saver(Alloc);
  SmallVector<const char *, 32> Argv;
  cl::TokenizeGNUCommandLine(Line, Saver, Argv);
  return std::vector<std::string>(Argv.begin(), Argv.end());
}

/// The value of option Name in W (`-arch X` or `-arch=X`), or "".
static std::string optionValue(ArrayRef<std::string> W, StringRef Name) {
  for (size_t I = 1; I < W.size(); ++I) {
    StringRef A = W[I];
    if (A == Name && I + 1 < W.size())
      return W[I + 1];
    if (A.consume_front(Name) && A.consume_front("="))
      return A.str();
  }
  return "";
}

std::vector<PtxasStep> ptxasSteps(StringRef DryRun) {
  std::vector<PtxasStep> Out;
  std::vector<std::string> StepInputs; // of each step of Out
  StringMap<std::string> VirtualOf;    // a cicc output -> its -arch
  SmallVector<StringRef, 64> Lines;
  DryRun.split(Lines, '\n');
  for (StringRef Line : Lines) {
    Line = Line.trim();
    if (!Line.consume_front("#$"))
      continue;
    std::vector<std::string> W = shellWords(Line);
    if (!W.empty() && sys::path::filename(W[0]) == "cicc") {
      std::string Output = optionValue(W, "-o");
      if (!Output.empty())
        VirtualOf[Output] = optionValue(W, "-arch");
      continue;
    }
    if (W.empty() || sys::path::filename(W[0]) != "ptxas")
      continue;
    PtxasStep S;
    S.Program = W[0];
    std::string Input;
    unsigned Inputs = 0, Outputs = 0;
    for (size_t I = 1; I < W.size(); ++I) {
      StringRef A = W[I];
      if (A == "-o" || A == "--output-file") {
        ++I;
        ++Outputs;
        continue;
      }
      if (A.starts_with("--output-file=")) {
        ++Outputs;
        continue;
      }
      if (A == "-arch" || A == "--gpu-name") {
        if (I + 1 < W.size())
          S.Arch = W[I + 1];
      } else if (A.consume_front("-arch=") || A.consume_front("--gpu-name=")) {
        S.Arch = A.str();
      } else if (!A.starts_with("-") && A.ends_with(".ptx")) {
        ++Inputs;
        Input = W[I];
        continue;
      }
      S.Args.push_back(W[I]);
    }
    if (Inputs == 1 && Outputs == 1 && StringRef(S.Arch).starts_with("sm_")) {
      Out.push_back(std::move(S));
      StepInputs.push_back(Input);
    }
  }
  // cicc's lines come before the ptxas lines that read what they write.
  for (size_t I = 0; I < Out.size(); ++I)
    Out[I].Virtual = VirtualOf.lookup(StepInputs[I]);
  return Out;
}

std::vector<std::string> nvccReportCommand(ArrayRef<std::string> Command,
                                           StringRef Source,
                                           StringRef OutFile) {
  // Options that write files, choose what to produce, or only matter to a
  // link: the report pass leaves them out.
  // clang-format off
  static const StringLiteral DropWithValue[] = {
      "-o", "--output-file", "-MF", "--dependency-output", "-MT",
      "--dependency-target-name", "-MQ", "-odir", "--output-directory",
      "-keep-dir", "--keep-dir", "-time", "--time", "-fdevice-time-trace",
      "--fdevice-time-trace", "-run-args", "--run-args", "-Xlinker",
      "--linker-options", "-Xnvlink", "--nvlink-options", "-Xarchive",
      "--archive-options", "-l", "--library", "-L", "--library-path",
      "-arbin", "--archiver-binary"};
  // clang-format on
  // clang-format off
  static const StringLiteral DropFlag[] = {
      "-c", "--compile", "-dc", "--device-c", "-dw", "--device-w", "-dlink",
      "--device-link", "-link", "--link", "-lib", "--lib", "-run", "--run",
      "-cubin", "--cubin", "-ptx", "--ptx", "-fatbin", "--fatbin",
      "-optix-ir", "--optix-ir", "-ltoir", "--ltoir", "-cuda", "--cuda",
      "-E", "--preprocess", "-M", "--generate-dependencies", "-MM",
      "--generate-nonsystem-dependencies", "-MD",
      "--generate-dependencies-with-compile", "-MMD",
      "--generate-nonsystem-dependencies-with-compile", "-MP",
      "--generate-dependency-targets", "-keep", "--keep", "-save-temps",
      "--save-temps", "-clean", "--clean-targets", "-dryrun", "--dryrun",
      "-v", "--verbose", "-objtemp", "--objdir-as-tempdir", "-shared",
      "--shared", "-r", "--relocatable-link", "-nodlink", "--no-device-link",
      "-dlto", "--dlink-time-opt", "-lto", "--lto", "-gen-opt-lto",
      "--gen-opt-lto", "--resource-usage", "-res-usage", "-jobserver",
      "--jobserver"};
  // clang-format on
  std::vector<std::string> Out;
  if (Command.empty())
    return Out;
  Out.push_back(Command.front());
  for (size_t I = 1; I < Command.size(); ++I) {
    StringRef A = Command[I];
    if (!A.starts_with("-"))
      continue; // an input: the one source is added at the end
    StringRef Name = A.split('=').first;
    bool HasEq = A.contains('=');
    bool TakesValue =
        nvccOptionTakesValue(Name) || is_contained(DropWithValue, Name);
    if (is_contained(DropWithValue, Name)) {
      if (!HasEq)
        ++I;
      continue;
    }
    if (A == "-dc" || A == "--device-c") {
      // -dc is -rdc=true -c: the report pass keeps the relocatable device
      // code, which ptxas allocates registers for differently.
      Out.push_back("-rdc=true");
      continue;
    }
    if (is_contained(DropFlag, A))
      continue;
    if (Name == "-Xcompiler" || Name == "--compiler-options") {
      // The host compiler's own dependency files (-MD, -MF x) would be
      // written by the preprocessing nvcc runs for the device side.
      StringRef V = HasEq ? A.split('=').second
                          : (I + 1 < Command.size() ? StringRef(Command[++I])
                                                    : StringRef());
      SmallVector<StringRef, 4> Items;
      V.split(Items, ',', -1, false);
      std::string Kept;
      for (size_t J = 0; J < Items.size(); ++J) {
        StringRef Item = Items[J].trim();
        if (Item == "-MF" || Item == "-MT" || Item == "-MQ") {
          ++J;
          continue;
        }
        if (Item.starts_with("-M") || Item.starts_with("-Wp,-M"))
          continue;
        Kept += (Kept.empty() ? "" : ",") + Item.str();
      }
      if (!Kept.empty())
        Out.push_back((Name + "=" + Kept).str());
      continue;
    }
    Out.push_back(A.str());
    if (TakesValue && !HasEq && I + 1 < Command.size())
      Out.push_back(Command[++I]);
  }
  Out.insert(Out.end(),
             {"-fatbin", "-Xptxas=-v", "-o", OutFile.str(), Source.str()});
  return Out;
}

bool isCMakeProbe(StringRef Source) {
  SmallString<256> Abs(Source);
  sys::fs::make_absolute(Abs);
  sys::path::native(Abs, sys::path::Style::posix);
  StringRef P = Abs;
  if (P.contains("/CMakeFiles/CMakeScratch/") ||
      P.contains("/CMakeFiles/CMakeTmp/"))
    return true;
  StringRef Name = sys::path::filename(P);
  return Name.starts_with("CMake") &&
         (Name.contains("CompilerId") || Name.contains("CompilerABI"));
}

} // namespace warplint::launcher
