//===-- Settings.cpp - What applies to each file, decided once ------------===//
#include "warplint/Pipeline/Settings.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace warplint {

Expected<Settings> Settings::create(const Arguments &A, Options Base) {
  Settings S;
  S.Args = A;
  if (A.Checks) {
    auto F = CheckFilter::parse(*A.Checks);
    if (!F)
      return F.takeError();
    Base.Checks = *F;
    S.Given.Checks = true;
  }
  if (A.Archs) {
    auto L = parseArchList(*A.Archs);
    if (!L)
      return L.takeError();
    Base.Archs = *L;
    Base.ArchsGiven = true;
    S.Given.Archs = true;
  }
  for (const std::string &KV : A.CheckOptions) {
    if (Error E = Base.setCheckOption(KV))
      return std::move(E);
    S.Given.CheckOptionKeys.push_back(StringRef(KV).split('=').first.str());
  }
  S.Base = std::move(Base);
  return std::move(S);
}

Expected<const FileConfig *> Settings::configFor(StringRef File) {
  if (Args.NoConfig)
    return nullptr;
  if (!Args.ConfigFile.empty()) {
    if (!Forced) {
      auto C = readConfigFile(Args.ConfigFile);
      if (!C)
        return C.takeError();
      Forced = std::move(*C);
    }
    return &*Forced;
  }
  SmallString<256> Dir(File);
  sys::fs::make_absolute(Dir);
  sys::path::remove_dots(Dir, /*remove_dot_dot=*/true);
  if (!sys::fs::is_directory(Dir))
    sys::path::remove_filename(Dir);
  auto It = ByDir.find(Dir);
  if (It == ByDir.end()) {
    auto C = findConfigFor(File);
    if (!C)
      return C.takeError();
    It = ByDir.try_emplace(Dir, std::move(*C)).first;
  }
  return It->second ? &*It->second : nullptr;
}

Expected<FileSettings> Settings::forFile(StringRef File,
                                         std::vector<std::string> *Ignored) {
  FileSettings S;
  S.Opts = Base;
  auto Problem = [&](std::string Msg) -> Error {
    if (!Ignored)
      return createStringError(inconvertibleErrorCode(), Msg);
    Ignored->push_back("ignoring " + Msg);
    return Error::success();
  };

  const FileConfig *Config = nullptr;
  if (Ignored && !Args.ConfigFile.empty() && !Args.NoConfig &&
      !sys::fs::exists(Args.ConfigFile)) {
    Ignored->push_back("ignoring " + Args.ConfigFile + ": no such file");
  } else if (auto C = configFor(File)) {
    Config = *C;
  } else if (Error E = Problem(toString(C.takeError()))) {
    return std::move(E);
  }
  if (Config) {
    S.ConfigPath = Config->Path;
    if (Warned.insert(Config->Path).second)
      S.ConfigWarnings = Config->Warnings;
    Options Configured = Base;
    if (Error E = applyConfig(*Config, Configured, Given)) {
      if (Error P = Problem(Config->Path + ": " + toString(std::move(E))))
        return std::move(P);
    } else {
      S.Opts = std::move(Configured);
    }
  }
  S.Werror = Args.Werror || (Config && Config->Werror.value_or(false));
  if (Args.WarningsAsErrors)
    S.WarningsAsErrors = *Args.WarningsAsErrors;
  else if (Config && Config->WarningsAsErrors)
    S.WarningsAsErrors = *Config->WarningsAsErrors;
  S.Fail = Args.Fail                       ? *Args.Fail
           : Config && Config->FailOnLevel ? *Config->FailOnLevel
                                           : FailOn::Warning;

  if (!Args.BaselineFile.empty())
    S.BaselinePath = Args.BaselineFile;
  else if (Config && Config->Baseline && !Args.NoConfigBaseline)
    S.BaselinePath = *Config->Baseline;
  if (S.BaselinePath.empty())
    return std::move(S);
  // Read as given (a message names it so), kept by its absolute path.
  std::string Given = S.BaselinePath;
  SmallString<256> Abs(Given);
  sys::fs::make_absolute(Abs);
  sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  S.BaselinePath = std::string(Abs);
  if (Baselines.count(S.BaselinePath))
    return std::move(S);
  auto B = Baseline::read(Given);
  if (!B) {
    std::string Msg = toString(B.takeError());
    S.BaselinePath.clear();
    if (Ignored) {
      Ignored->push_back("ignoring baseline: " + Msg);
      return std::move(S);
    }
    if (Args.BaselineFile.empty() && Config && Config->Baseline)
      Msg += " (Baseline of " + Config->Path + ")";
    return createStringError(inconvertibleErrorCode(), Msg);
  }
  Baselines.emplace(S.BaselinePath, std::move(*B));
  return std::move(S);
}

} // namespace warplint
