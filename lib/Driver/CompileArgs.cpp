//===-- CompileArgs.cpp - Turning a user's compile command into ours ------===//
#include "warplint/Driver/CompileArgs.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"

using namespace llvm;

namespace warplint {

static const char PreludeText[] =
#include "CudaPrelude.inc"
    ;

StringRef cudaPreludeText() { return PreludeText; }

const std::vector<std::pair<std::string, std::string>> &preludeFiles() {
  static const std::vector<std::pair<std::string, std::string>> Files = [] {
  std::vector<std::pair<std::string, std::string>> Files;
  auto Path = [](StringRef Name) { return (PreludeDir + "/" + Name).str(); };
  Files.push_back({Path(PreludeHeader), PreludeText});
  std::string Stub = ("#pragma once\n#include \"" + PreludeHeader + "\"\n").str();
  for (StringRef N : {"cuda_runtime.h", "cuda_runtime_api.h", "cuda.h",
                      "device_launch_parameters.h", "vector_types.h",
                      "driver_types.h", "cuda_device_runtime_api.h"})
    Files.push_back({Path(N), Stub});
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
        T.Version = std::to_string(V / 1000) + "." + std::to_string(V % 1000 / 10);
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

/// nvcc options that take a value as the next argument when not written with
/// '=' (only those whose value must be skipped, or kept).
static bool nvccTakesValue(StringRef A) {
  static const StringLiteral WithValue[] = {
      "-o", "--output-file", "-ccbin", "--compiler-bindir", "-Xcompiler",
      "--compiler-options", "-Xptxas", "--ptxas-options", "-Xlinker",
      "--linker-options", "-Xnvlink", "--nvlink-options", "-maxrregcount",
      "--maxrregcount", "-MF", "-MT", "-MQ", "--dependency-output", "-L",
      "--library-path", "-l", "--library", "-Xarchive", "--archive-options",
      "-t", "--threads", "--split-compile", "-rdc",
      "--relocatable-device-code", "-Xfatbin", "--fatbin-options", "-odir",
      "--output-directory", "--keep-dir", "-cudart", "--cudart",
      "--default-stream", "-default-stream", "--diag-suppress",
      "-diag-suppress", "--diag-warn", "--diag-error", "-Xcudafe", "-time",
      "--time", "-ftz", "-prec-div", "-prec-sqrt", "-fmad",
      "--ftz", "--prec-div", "--prec-sqrt", "--fmad",
      "--optimize", "-dopt", "--dopt", "-ptxas-options"};
  return is_contained(WithValue, A);
}

/// "sm_80" from "-arch=sm_80", "arch=compute_80,code=sm_80", "compute_80".
static std::optional<std::string> archOf(StringRef V) {
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

std::vector<std::string> translateNvccCommand(const std::vector<std::string> &Args,
                                              std::vector<std::string> *Dropped) {
  std::vector<std::string> Out{"clang++"};
  std::optional<std::string> Arch;
  auto Drop = [&](StringRef A) {
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

    if (!A.starts_with("-")) {
      Out.push_back(A.str()); // an input file
      continue;
    }
    // Joined forms clang understands as they are.
    if ((A.starts_with("-I") || A.starts_with("-D") || A.starts_with("-U")) &&
        A.size() > 2 && !HasEq) {
      Out.push_back(A.str());
      continue;
    }
    if (A.starts_with("-D") && A.size() > 2) {
      Out.push_back(A.str()); // -DNAME=VALUE
      continue;
    }
    if (Name == "-I" || Name == "--include-path") {
      Out.push_back("-I" + ValueOrNext());
    } else if (Name == "-isystem") {
      Out.push_back("-isystem");
      Out.push_back(ValueOrNext());
    } else if (Name == "-D" || Name == "--define-macro") {
      Out.push_back("-D" + ValueOrNext());
    } else if (Name == "-U" || Name == "--undefine-macro") {
      Out.push_back("-U" + ValueOrNext());
    } else if (Name == "-include" || Name == "--pre-include") {
      Out.push_back("-include");
      Out.push_back(ValueOrNext());
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
      if (!Arch && Name != "-code" && Name != "--gpu-code")
        Arch = archOf(V);
      if (!Arch)
        Drop(A);
    } else if (Name == "-rdc" || Name == "--relocatable-device-code") {
      // Relocatable device code allows launches from device code (dynamic
      // parallelism); clang parses those only with -fgpu-rdc.
      std::string V = StringRef(ValueOrNext()).lower();
      if (V == "true" || V == "1")
        Out.push_back("-fgpu-rdc");
    } else if (Name == "-dc" || Name == "--device-c") {
      Out.push_back("-fgpu-rdc");
    } else if (nvccTakesValue(Name)) {
      std::string V = ValueOrNext();
      Drop(HasEq ? A.str() : (A + " " + V).str());
    } else {
      Drop(A);
    }
  }
  if (Arch)
    Out.push_back("--cuda-gpu-arch=" + *Arch);
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
  return any_of(Args, [&](const std::string &A) {
    return StringRef(A).starts_with(P);
  });
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
  Out.insert(Out.end(), {"--cuda-device-only", ("--cuda-gpu-arch=" + Arch).str(),
                         "-S", "-o", OutFile.str()});
  Out.insert(Out.end(), Dash, Adjusted.end());
  return Out;
}

} // namespace warplint
