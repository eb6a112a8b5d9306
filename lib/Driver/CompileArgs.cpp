//===-- CompileArgs.cpp - Turning a user's compile command into ours ------===//
#include "warplint/Driver/CompileArgs.h"
#include "warplint/Core/InputFile.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/StringSaver.h"

using namespace llvm;

namespace warplint {

static const char PreludeText[] =
#include "CudaPrelude.inc"
    ;

StringRef cudaPreludeText() { return PreludeText; }

static const char NvccCompatText[] =
#include "NvccCompat.inc"
    ;

StringRef nvccCompatText() { return NvccCompatText; }

std::string nvccCompatPath() {
  return (PreludeDir + "/" + NvccCompatHeader).str();
}

const std::vector<std::pair<std::string, std::string>> &preludeFiles() {
  static const std::vector<std::pair<std::string, std::string>> Files = [] {
    std::vector<std::pair<std::string, std::string>> Files;
    auto Path = [](StringRef Name) { return (PreludeDir + "/" + Name).str(); };
    Files.push_back({Path(PreludeHeader), PreludeText});
    std::string Stub =
        ("#pragma once\n#include \"" + PreludeHeader + "\"\n").str();
    for (StringRef N : {"cuda_runtime.h", "cuda_runtime_api.h", "cuda.h",
                        "device_launch_parameters.h", "vector_types.h",
                        "driver_types.h", "cuda_device_runtime_api.h"})
      Files.push_back({Path(N), Stub});
    Files.push_back({nvccCompatPath(), NvccCompatText});
    return Files;
  }();
  return Files;
}

static std::optional<CudaToolkit> toolkitAt(StringRef Dir) {
  SmallString<256> Header(Dir);
  sys::path::append(Header, "include", "cuda_runtime.h");
  if (!sys::fs::exists(Header))
    return std::nullopt;
  CudaToolkit T;
  SmallString<256> Abs(Dir);
  sys::fs::make_absolute(Abs);
  sys::path::remove_dots(Abs, true);
  T.Path = std::string(Abs);
  // cuda.h: #define CUDA_VERSION 13000
  SmallString<256> CudaH(Dir);
  sys::path::append(CudaH, "include", "cuda.h");
  if (auto Buf = MemoryBuffer::getFile(CudaH)) {
    StringRef Text = (*Buf)->getBuffer();
    size_t P = Text.find("#define CUDA_VERSION ");
    if (P != StringRef::npos) {
      unsigned V = 0;
      if (!Text.substr(P + 21).take_while(isDigit).getAsInteger(10, V))
        T.Version =
            std::to_string(V / 1000) + "." + std::to_string(V % 1000 / 10);
    }
  }
  return T;
}

std::optional<CudaToolkit> findCudaToolkit(StringRef Explicit,
                                           std::string *Error) {
  if (Explicit == "none")
    return std::nullopt;
  if (!Explicit.empty()) {
    auto T = toolkitAt(Explicit);
    if (!T && Error)
      *Error = ("no CUDA toolkit at '" + Explicit +
                "' (include/cuda_runtime.h not found)")
                   .str();
    return T;
  }
  if (std::optional<std::string> Env = sys::Process::GetEnv("CUDA_PATH"))
    if (auto T = toolkitAt(*Env))
      return T;
  return toolkitAt("/usr/local/cuda");
}

bool isNvccCommand(StringRef Argv0) {
  StringRef Name = sys::path::stem(Argv0);
  return Name == "nvcc";
}

bool nvccOptionTakesValue(StringRef Name) {
  // Every option of `nvcc --help` (CUDA 13.0) whose value may be the next
  // argument, long and short forms.
  static const StringLiteral WithValue[] = {
      "--output-file",
      "-o",
      "--pre-include",
      "-include",
      "--library",
      "-l",
      "--define-macro",
      "-D",
      "--undefine-macro",
      "-U",
      "--include-path",
      "-I",
      "--system-include",
      "-isystem",
      "--library-path",
      "-L",
      "--output-directory",
      "-odir",
      "--compiler-bindir",
      "-ccbin",
      "--archiver-binary",
      "-arbin",
      "--cudart",
      "-cudart",
      "--cudadevrt",
      "-cudadevrt",
      "--libdevice-directory",
      "-ldir",
      "--target-directory",
      "-target-dir",
      "--optimization-info",
      "-opt-info",
      "--optimize",
      "-O",
      "--Ofast-compile",
      "-Ofc",
      "--dopt",
      "-dopt",
      "--ftemplate-backtrace-limit",
      "-ftemplate-backtrace-limit",
      "--ftemplate-depth",
      "-ftemplate-depth",
      "--x",
      "-x",
      "--std",
      "-std",
      "--machine",
      "-m",
      "--compiler-options",
      "-Xcompiler",
      "--linker-options",
      "-Xlinker",
      "--archive-options",
      "-Xarchive",
      "--ptxas-options",
      "-Xptxas",
      "-ptxas-options",
      "--nvlink-options",
      "-Xnvlink",
      "--static-global-template-stub",
      "-static-global-template-stub",
      "--device-entity-has-hidden-visibility",
      "-device-entity-has-hidden-visibility",
      "--threads",
      "-t",
      "--split-compile",
      "-split-compile",
      "--split-compile-extended",
      "-split-compile-extended",
      "--fdevice-time-trace",
      "-fdevice-time-trace",
      "--keep-dir",
      "-keep-dir",
      "--time",
      "-time",
      "--run-args",
      "-run-args",
      "--input-drive-prefix",
      "-idp",
      "--dependency-drive-prefix",
      "-ddp",
      "--drive-prefix",
      "-dp",
      "--dependency-output",
      "-MF",
      "--dependency-target-name",
      "-MT",
      "-MQ",
      "--gpu-architecture",
      "-arch",
      "--gpu-code",
      "-code",
      "--generate-code",
      "-gencode",
      "--relocatable-device-code",
      "-rdc",
      "--entries",
      "-e",
      "--maxrregcount",
      "-maxrregcount",
      "--ftz",
      "-ftz",
      "--prec-div",
      "-prec-div",
      "--prec-sqrt",
      "-prec-sqrt",
      "--fmad",
      "-fmad",
      "--default-stream",
      "-default-stream",
      "--Werror",
      "-Werror",
      "--diag-error",
      "-diag-error",
      "--diag-suppress",
      "-diag-suppress",
      "--diag-warn",
      "-diag-warn",
      "--host-linker-script",
      "-hls",
      "--brief-diagnostics",
      "-brief-diag",
      "--jump-table-density",
      "-jtd",
      "--device-stack-protector",
      "-device-stack-protector",
      "--compress-mode",
      "-compress-mode",
      "--frandom-seed",
      "-frandom-seed",
      "--sanitize",
      "-sanitize",
      "--options-file",
      "-optf",
      "--fatbin-options",
      "-Xfatbin",
      "-Xcudafe"};
  return is_contained(WithValue, Name);
}

/// The architecture the value of nvcc's -arch or -gencode names, as
/// "sm_80": from "sm_80", "arch=compute_80,code=sm_80", "compute_80" (the
/// last one named).
static std::optional<std::string> archOfNvccArchValue(StringRef V) {
  SmallVector<StringRef, 4> Parts;
  V.split(Parts, ',');
  std::optional<std::string> Best;
  for (StringRef P : Parts) {
    P = P.trim();
    if (P.consume_front("arch=") || P.consume_front("code="))
      ;
    P = P.trim("[]");
    if (P.consume_front("sm_") || P.consume_front("compute_"))
      Best = ("sm_" + P.take_while(isDigit)).str();
  }
  return Best;
}

/// Items of an nvcc list value: nvcc splits the values of -I, -D, -include,
/// -Xcompiler and the others at commas.
static SmallVector<StringRef, 4> listItems(StringRef V) {
  SmallVector<StringRef, 4> Items;
  V.split(Items, ',', -1, /*KeepEmpty=*/false);
  return Items;
}

std::vector<std::string> tokenizeNvccOptionsFile(StringRef Text) {
  // nvcc 13's rules, found by trying them: white space separates options;
  // double quotes group, anywhere in an option, and are removed; a
  // backslash makes the next character literal, in quotes or not, except a
  // double quote, which nvcc drops all the same; single quotes are ordinary
  // characters (where llvm::cl::TokenizeGNUCommandLine would group with
  // them, and "it's" would swallow the rest of the file).
  std::vector<std::string> Out;
  std::string Token;
  bool InToken = false, Quoted = false;
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    if (!Quoted && isSpace(C)) {
      if (InToken)
        Out.push_back(std::move(Token));
      Token.clear();
      InToken = false;
      continue;
    }
    InToken = true;
    if (C == '\\' && I + 1 < Text.size()) {
      if (Text[++I] != '"')
        Token += Text[I];
    } else if (C == '"') {
      Quoted = !Quoted;
    } else {
      Token += C;
    }
  }
  if (InToken)
    Out.push_back(std::move(Token));
  return Out;
}

std::vector<std::string> optionsFilesFrom(const std::vector<std::string> &Args,
                                          StringRef Directory) {
  auto Absolute = [&](StringRef List) {
    std::string Out;
    SmallVector<StringRef, 2> Items;
    List.split(Items, ',', -1, /*KeepEmpty=*/false);
    for (StringRef F : Items) {
      SmallString<256> P(F);
      if (sys::path::is_relative(P) && !Directory.empty()) {
        P = Directory;
        sys::path::append(P, F);
      }
      Out += (Out.empty() ? "" : ",") + std::string(P);
    }
    return Out;
  };
  std::vector<std::string> Out;
  for (size_t I = 0; I < Args.size(); ++I) {
    StringRef A = Args[I];
    auto [Name, Value] = A.split('=');
    bool IsOptf = I && (Name == "--options-file" || Name == "-optf");
    if (IsOptf && A.contains('='))
      Out.push_back((Name + "=" + Absolute(Value)).str());
    else
      Out.push_back(A.str());
    if (IsOptf && !A.contains('=') && I + 1 < Args.size())
      Out.push_back(Absolute(Args[++I]));
  }
  return Out;
}

static std::vector<std::string>
expandNvccOptionFiles(const std::vector<std::string> &Args, unsigned Depth) {
  std::vector<std::string> Out;
  for (size_t I = 0; I < Args.size(); ++I) {
    StringRef A = Args[I];
    StringRef Name = A.split('=').first;
    if (I == 0 || Depth > 8 || (Name != "--options-file" && Name != "-optf")) {
      Out.push_back(A.str());
      continue;
    }
    std::string Value;
    if (A.contains('='))
      Value = A.split('=').second.str();
    else if (I + 1 < Args.size())
      Value = Args[++I];
    std::vector<std::string> FromFiles{Args[0]};
    bool Read = true;
    for (StringRef F : listItems(Value)) {
      Expected<std::string> Text =
          readInputFile(F, MaxOptionsFileBytes, "an nvcc options file");
      if (!Text) {
        consumeError(Text.takeError());
        Read = false;
        break;
      }
      std::vector<std::string> Tokens = tokenizeNvccOptionsFile(*Text);
      FromFiles.insert(FromFiles.end(), Tokens.begin(), Tokens.end());
    }
    if (!Read) {
      Out.push_back(A.str());
      if (!A.contains('='))
        Out.push_back(Value);
      continue;
    }
    std::vector<std::string> Expanded =
        expandNvccOptionFiles(FromFiles, Depth + 1);
    Out.insert(Out.end(), Expanded.begin() + 1, Expanded.end());
  }
  return Out;
}

std::vector<std::string>
expandNvccOptionFiles(const std::vector<std::string> &Command) {
  return expandNvccOptionFiles(Command, 0);
}

std::vector<std::string>
translateNvccCommand(const std::vector<std::string> &Command,
                     std::vector<std::string> *Dropped) {
  std::vector<std::string> Args = expandNvccOptionFiles(Command, 0);
  std::vector<std::string> Out{"clang++"};
  std::optional<std::string> Arch;
  auto Drop = [&](const Twine &A) {
    if (Dropped)
      Dropped->push_back(A.str());
  };
  for (size_t I = 1; I < Args.size(); ++I) {
    StringRef A = Args[I];
    auto Next = [&]() -> std::string {
      return I + 1 < Args.size() ? Args[++I] : std::string();
    };
    // Split "--opt=value" / "-opt=value".
    StringRef Name = A, Value;
    bool HasEq = false;
    if (A.starts_with("-") && A.contains('=')) {
      std::tie(Name, Value) = A.split('=');
      HasEq = true;
    }
    auto ValueOrNext = [&]() -> std::string {
      return HasEq ? Value.str() : Next();
    };
    // "-D A=1,B=2" defines A and B, as nvcc reads it.
    auto EachItem = [&](StringRef Flag, StringRef V, bool Separate = false) {
      for (StringRef Item : listItems(V)) {
        if (Separate) {
          Out.push_back(Flag.str());
          Out.push_back(Item.str());
        } else {
          Out.push_back((Flag + Item).str());
        }
      }
    };

    if (!A.starts_with("-")) {
      Out.push_back(A.str()); // an input file
      continue;
    }
    // Joined forms: -Ipath, -DNAME=VALUE, -UNAME.
    if (A.size() > 2 &&
        (A.starts_with("-I") || A.starts_with("-D") || A.starts_with("-U"))) {
      EachItem(A.take_front(2), A.drop_front(2));
      continue;
    }
    if (Name == "-I" || Name == "--include-path") {
      EachItem("-I", ValueOrNext());
    } else if (Name == "-isystem" || Name == "--system-include") {
      EachItem("-isystem", ValueOrNext(), /*Separate=*/true);
    } else if (Name == "-D" || Name == "--define-macro") {
      EachItem("-D", ValueOrNext());
    } else if (Name == "-U" || Name == "--undefine-macro") {
      EachItem("-U", ValueOrNext());
    } else if (Name == "-include" || Name == "--pre-include") {
      EachItem("-include", ValueOrNext(), /*Separate=*/true);
    } else if (Name == "-std" || Name == "--std") {
      Out.push_back("-std=" + ValueOrNext());
    } else if (Name == "-x" || Name == "--x") {
      std::string L = ValueOrNext();
      Out.push_back("-x");
      Out.push_back(L == "cu" ? "cuda" : L);
    } else if (Name == "-arch" || Name == "--gpu-architecture" ||
               Name == "-gencode" || Name == "--generate-code" ||
               Name == "-code" || Name == "--gpu-code") {
      std::string V = ValueOrNext();
      // Parsing needs one architecture; the first one that names one.
      if (!Arch && Name != "-code" && Name != "--gpu-code")
        Arch = archOfNvccArchValue(V);
    } else if (Name == "-rdc" || Name == "--relocatable-device-code") {
      // Relocatable device code allows launches from device code (dynamic
      // parallelism); clang parses those only with -fgpu-rdc.
      std::string V = StringRef(ValueOrNext()).lower();
      if (V == "true" || V == "1")
        Out.push_back("-fgpu-rdc");
    } else if (Name == "-dc" || Name == "--device-c") {
      Out.push_back("-fgpu-rdc");
    } else if (Name == "-Xcompiler" || Name == "--compiler-options") {
      // The host compiler's macros and include paths are the host side's,
      // which is the side warplint parses; the rest is code generation.
      std::string V = ValueOrNext();
      std::string Rest;
      for (StringRef Item : listItems(V)) {
        if (Item.size() > 2 &&
            (Item.starts_with("-D") || Item.starts_with("-U") ||
             Item.starts_with("-I")))
          Out.push_back(Item.str());
        else
          Rest += (Rest.empty() ? "" : ",") + Item.str();
      }
      if (!Rest.empty())
        Drop(HasEq ? Name + "=" + Rest : Name + " " + Rest);
    } else if (nvccOptionTakesValue(Name)) {
      std::string V = ValueOrNext();
      Drop(HasEq ? A : A + " " + V);
    } else {
      Drop(A);
    }
  }
  if (Arch)
    Out.push_back("--cuda-gpu-arch=" + *Arch);
  return Out;
}

/// "sm_90" from "sm_90", "compute_90" or "lto_90", keeping a feature suffix
/// ("sm_90a"); std::nullopt for anything else ("native", "all", "gfx90a").
static std::optional<std::string> realArchName(StringRef V) {
  V = V.trim().trim("[]");
  if (!(V.consume_front("sm_") || V.consume_front("compute_") ||
        V.consume_front("lto_")))
    return std::nullopt;
  StringRef Digits = V.take_while(isDigit);
  if (Digits.empty())
    return std::nullopt;
  return ("sm_" + V).str();
}

std::vector<std::string>
gpuArchitectures(const std::vector<std::string> &Args,
                 std::vector<std::string> *Unresolved) {
  std::vector<std::string> Out;
  auto Add = [&](const std::string &A) {
    if (!is_contained(Out, A))
      Out.push_back(A);
  };
  auto Other = [&](StringRef V) {
    if (Unresolved && !V.empty() && !is_contained(*Unresolved, V))
      Unresolved->push_back(V.str());
  };
  if (Args.empty())
    return Out;
  if (!isNvccCommand(Args.front())) {
    // clang: --cuda-gpu-arch=sm_80, --offload-arch=sm_80,sm_90.
    for (StringRef A : ArrayRef(Args).drop_front()) {
      if (!(A.consume_front("--cuda-gpu-arch=") ||
            A.consume_front("--offload-arch=")))
        continue;
      for (StringRef Item : listItems(A)) {
        if (auto R = realArchName(Item))
          Add(*R);
        else
          Other(Item);
      }
    }
    return Out;
  }
  // nvcc: each -gencode names its targets with code=; -code names those of
  // -arch, which alone (sm_XY or a virtual compute_XY) is its own target.
  std::vector<std::string> Args2 = expandNvccOptionFiles(Args, 0);
  std::vector<std::string> FromArch, FromCode;
  bool SawCode = false;
  for (size_t I = 1; I < Args2.size(); ++I) {
    StringRef A = Args2[I];
    StringRef Name = A, Value;
    if (A.starts_with("-") && A.contains('='))
      std::tie(Name, Value) = A.split('=');
    else if (nvccOptionTakesValue(A) && I + 1 < Args2.size())
      Value = Args2[++I];
    if (Name == "-arch" || Name == "--gpu-architecture") {
      for (StringRef Item : listItems(Value)) {
        if (auto R = realArchName(Item))
          FromArch.push_back(*R);
        else
          Other(Item);
      }
    } else if (Name == "-code" || Name == "--gpu-code") {
      SawCode = true;
      for (StringRef Item : listItems(Value))
        if (auto R = realArchName(Item))
          FromCode.push_back(*R);
    } else if (Name == "-gencode" || Name == "--generate-code") {
      // arch=compute_80,code=[sm_80,compute_80]: the real targets of code=,
      // else the virtual ones (compiled when the program runs).
      std::vector<std::string> Real, Virtual;
      StringRef Part = "";
      for (StringRef Item : listItems(Value)) {
        Item = Item.trim();
        if (Item.consume_front("arch="))
          Part = "arch";
        else if (Item.consume_front("code="))
          Part = "code";
        if (Part != "code")
          continue;
        std::optional<std::string> R = realArchName(Item);
        if (!R)
          Other(Item.trim("[]"));
        else if (Item.trim("[]").starts_with("sm_"))
          Real.push_back(*R);
        else
          Virtual.push_back(*R);
      }
      for (const std::string &R : Real.empty() ? Virtual : Real)
        Add(R);
    }
  }
  for (const std::string &R :
       SawCode && !FromCode.empty() ? FromCode : FromArch)
    Add(R);
  return Out;
}

bool isCudaCommand(const std::vector<std::string> &Args, StringRef File) {
  StringRef Ext = sys::path::extension(File);
  if (Ext == ".cu" || Ext == ".cuh")
    return true;
  for (size_t I = 0; I + 1 < Args.size(); ++I)
    if (Args[I] == "-x" && Args[I + 1] == "cuda")
      return true;
  return is_contained(Args, "-xcuda");
}

static bool hasFlagPrefix(const std::vector<std::string> &Args, StringRef P) {
  return any_of(
      Args, [&](const std::string &A) { return StringRef(A).starts_with(P); });
}

std::vector<std::string> adjustCommand(const std::vector<std::string> &In,
                                       StringRef File,
                                       const ParseSetup &Setup) {
  std::vector<std::string> Args;
  // Drop warplint's own plugin: the tool is warplint already.
  for (size_t I = 0; I < In.size(); ++I) {
    StringRef A = In[I];
    if (A.starts_with("-fplugin=") && A.contains("warplint"))
      continue;
    if (A.starts_with("-fplugin-arg-warplint-"))
      continue;
    if (A == "-Xclang" && I + 2 < In.size() && In[I + 1] == "-load" &&
        StringRef(In[I + 2]).contains("warplint")) {
      I += 3; // -Xclang -load -Xclang path
      continue;
    }
    // -MJ writes a compilation-database fragment even with -fsyntax-only;
    // warplint writes none of the build's files.
    if (A == "-MJ") {
      ++I;
      continue;
    }
    if (A.starts_with("-MJ"))
      continue;
    Args.push_back(A.str());
  }
  if (Args.empty())
    Args.push_back("clang++");

  bool Cuda = isCudaCommand(Args, File);
  StringRef Ext = sys::path::extension(File);
  std::vector<std::string> Extra;
  if (Cuda) {
    // .cuh is no extension clang knows; -x must come before the file.
    if (Ext == ".cuh" && !is_contained(Args, "-x"))
      Args.insert(Args.begin() + 1, {"-x", "cuda"});
    bool UserHandlesIncludes = is_contained(Args, "-nocudainc");
    if (!UserHandlesIncludes && Setup.Toolkit) {
      // What nvcc declares and clang's CUDA headers lack. nvcc reads those
      // declarations (through cuda_runtime.h) before the user's -include
      // files, so the header goes first.
      Args.insert(Args.begin() + 1, {"-include", nvccCompatPath()});
      if (!hasFlagPrefix(Args, "--cuda-path"))
        Extra.push_back("--cuda-path=" + Setup.Toolkit->Path);
      // nvcc adds CCCL (thrust, cub, libcu++) by itself; clang does not.
      SmallString<256> Cccl(Setup.Toolkit->Path);
      sys::path::append(Cccl, "include", "cccl");
      if (sys::fs::is_directory(Cccl)) {
        Extra.push_back("-isystem");
        Extra.push_back(std::string(Cccl));
      }
    } else if (!UserHandlesIncludes) {
      Extra.push_back("-nocudainc");
      Extra.push_back("-isystem");
      Extra.push_back(PreludeDir.str());
      Extra.push_back("-include");
      Extra.push_back((PreludeDir + "/" + PreludeHeader).str());
    }
    if (!is_contained(Args, "-nocudalib"))
      Extra.push_back("-nocudalib");
    Extra.push_back("-Wno-unknown-cuda-version");
    if (!is_contained(Args, "--cuda-device-only") &&
        !is_contained(Args, "--cuda-host-only") &&
        !is_contained(Args, "--offload-host-only") &&
        !is_contained(Args, "--offload-device-only"))
      Extra.push_back("--cuda-host-only");
    if (!hasFlagPrefix(Args, "--cuda-gpu-arch") &&
        !hasFlagPrefix(Args, "--offload-arch"))
      Extra.push_back("--cuda-gpu-arch=" + Setup.DefaultGpuArch);
  }
  if (!Setup.ResourceDir.empty() && !hasFlagPrefix(Args, "-resource-dir"))
    Extra.push_back("-resource-dir=" + Setup.ResourceDir);
  // Clang's warnings are not ours to report, and -Werror in a user's command
  // must not turn them into errors that hide functions from the analysis.
  Extra.push_back("-w");
  Extra.push_back("-ferror-limit=0");
  Extra.push_back("-fno-color-diagnostics");
  Extra.push_back("-fno-caret-diagnostics"); // also drops "N errors generated"
  // Options go before a "--" that ends them (interpolated database entries
  // have one): after it, clang would take them for file names.
  Args.insert(find(Args, "--"), Extra.begin(), Extra.end());
  return Args;
}

std::vector<std::string>
deviceAssemblyCommand(const std::vector<std::string> &Adjusted, StringRef Clang,
                      StringRef Arch, StringRef OutFile) {
  std::vector<std::string> Out{Clang.str()};
  auto Dash = find(Adjusted, "--");
  for (auto It = Adjusted.begin() + (Adjusted.empty() ? 0 : 1); It != Dash;
       ++It) {
    StringRef A = *It;
    if (A == "--cuda-host-only" || A == "--offload-host-only" ||
        A == "--cuda-device-only" || A == "--offload-device-only" ||
        A == "-fsyntax-only" || A == "-nocudalib" || A == "-c" || A == "-S" ||
        A == "-E" || A.starts_with("--cuda-gpu-arch") ||
        A.starts_with("--offload-arch"))
      continue;
    if (A == "-o" && It + 1 != Dash) {
      ++It;
      continue;
    }
    if (A.starts_with("-o") && A.size() > 2)
      continue;
    Out.push_back(A.str());
  }
  // nvcc optimises device code unless told otherwise; clang's default, -O0,
  // would put every local variable in local memory.
  if (llvm::none_of(Out, [](const std::string &A) {
        return StringRef(A).starts_with("-O");
      }))
    Out.push_back("-O3");
  Out.insert(Out.end(),
             {"--cuda-device-only", ("--cuda-gpu-arch=" + Arch).str(), "-S",
              "-o", OutFile.str()});
  Out.insert(Out.end(), Dash, Adjusted.end());
  return Out;
}

std::vector<std::string>
deviceParseCommand(const std::vector<std::string> &Adjusted, StringRef Arch,
                   StringRef CudaVersion) {
  auto Dash = find(Adjusted, "--");
  auto HostOnly = std::find_if(Adjusted.begin(), Dash, [](StringRef A) {
    return A == "--cuda-host-only" || A == "--offload-host-only";
  });
  if (HostOnly == Dash)
    return Adjusted;
  std::vector<std::string> Out;
  for (auto It = Adjusted.begin(); It != Dash; ++It) {
    StringRef A = *It;
    if (It == HostOnly) {
      Out.push_back("--cuda-device-only");
      Out.push_back(("--cuda-gpu-arch=" + Arch).str());
      if (!CudaVersion.empty() && !is_contained(Adjusted, "-nocudainc"))
        Out.insert(Out.end(),
                   {"-Xclang", ("-target-sdk-version=" + CudaVersion).str()});
      continue;
    }
    // One architecture, so that clang runs one device compilation.
    if (A == "--cuda-host-only" || A == "--offload-host-only" ||
        A.starts_with("--cuda-gpu-arch=") || A.starts_with("--offload-arch="))
      continue;
    Out.push_back(A.str());
  }
  Out.insert(Out.end(), Dash, Adjusted.end());
  return Out;
}

} // namespace warplint
