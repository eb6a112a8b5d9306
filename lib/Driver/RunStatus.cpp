//===-- RunStatus.cpp - How a warplint run went, for warplint-launch ------===//
#include "warplint/Driver/RunStatus.h"
#include "warplint/Core/Config.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"
#include <tuple>

using namespace llvm;

namespace warplint {

static constexpr int64_t Version = 1;

std::string FileStatus::message() const {
  if (!Crashed.empty())
    return "analysing " + File + " crashed (" + Crashed +
           "); the other files' results stand";
  if (!Fatal.empty())
    return "cannot analyse " + File + ": " + Fatal;
  return "";
}

std::string RunStatus::failure() const {
  if (!StoppedBy.empty())
    return StoppedBy;
  for (const FileStatus &F : Files)
    if (!F.analysed())
      return F.message();
  return "";
}

const FileStatus *RunStatus::file(StringRef File) const {
  for (const FileStatus &F : Files)
    if (F.File == File)
      return &F;
  return nullptr;
}

static auto tied(const FileStatus &F) {
  return std::tie(F.File, F.Fatal, F.Crashed, F.PtxasErrors);
}

bool RunStatus::operator==(const RunStatus &O) const {
  return StoppedBy == O.StoppedBy && Warnings == O.Warnings &&
         Errors == O.Errors && Files.size() == O.Files.size() &&
         std::equal(Files.begin(), Files.end(), O.Files.begin(),
                    [](const FileStatus &A, const FileStatus &B) {
                      return tied(A) == tied(B);
                    });
}

json::Value toJson(const RunStatus &S) {
  json::Array Files;
  for (const FileStatus &F : S.Files) {
    json::Object O{{"file", F.File}, {"analysed", F.analysed()}};
    if (!F.Fatal.empty())
      O["fatal"] = F.Fatal;
    if (!F.Crashed.empty())
      O["crashed"] = F.Crashed;
    O["ptxasErrors"] = F.PtxasErrors;
    Files.push_back(std::move(O));
  }
  json::Object Out{
      {"version", Version},
      {"files", std::move(Files)},
      {"findings", json::Object{{"warning", S.Warnings}, {"error", S.Errors}}}};
  if (!S.StoppedBy.empty())
    Out["stoppedBy"] = S.StoppedBy;
  return Out;
}

static bool fromJSON(const json::Value &V, FileStatus &F, json::Path P) {
  json::ObjectMapper O(V, P);
  bool Analysed = false;
  if (!O || !O.map("file", F.File) || !O.map("analysed", Analysed) ||
      !O.mapOptional("fatal", F.Fatal) ||
      !O.mapOptional("crashed", F.Crashed) ||
      !O.map("ptxasErrors", F.PtxasErrors))
    return false;
  if (Analysed != F.analysed()) {
    P.field("analysed").report("contradicts fatal and crashed");
    return false;
  }
  return true;
}

static bool fromJSON(const json::Value &V, RunStatus &S, json::Path P) {
  json::ObjectMapper O(V, P);
  int64_t Ver = 0;
  if (!O || !O.map("version", Ver))
    return false;
  if (Ver != Version) {
    P.field("version").report("unknown version");
    return false;
  }
  static const json::Value Missing = nullptr;
  const json::Value *Findings = V.getAsObject()->get("findings");
  json::ObjectMapper F(Findings ? *Findings : Missing, P.field("findings"));
  return O.mapOptional("stoppedBy", S.StoppedBy) && O.map("files", S.Files) &&
         F && F.map("warning", S.Warnings) && F.map("error", S.Errors);
}

Expected<RunStatus> parseRunStatus(StringRef Text) {
  if (std::optional<std::string> Deep = tooDeeplyNested(Text))
    return createStringError("status: " + *Deep);
  Expected<json::Value> V = json::parse(Text);
  if (!V)
    return createStringError("status: " + toString(V.takeError()));
  RunStatus S;
  json::Path::Root Root("status");
  if (!fromJSON(*V, S, Root))
    return createStringError(toString(Root.getError()));
  return S;
}

Error writeRunStatus(StringRef Path, const RunStatus &S) {
  std::error_code EC;
  raw_fd_ostream OS(Path, EC, sys::fs::OF_Text);
  if (EC)
    return createStringError("cannot write '" + Path.str() +
                             "': " + EC.message());
  OS << toJson(S) << "\n";
  OS.flush();
  if (OS.has_error()) {
    // Cleared: a status that cannot be written is said, not a crash.
    std::string Why = OS.error().message();
    OS.clear_error();
    return createStringError("cannot write '" + Path.str() + "': " + Why);
  }
  return Error::success();
}

Expected<RunStatus> readRunStatus(StringRef Path) {
  auto Buf = MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buf)
    return createStringError("cannot read '" + Path.str() +
                             "': " + Buf.getError().message());
  return parseRunStatus((*Buf)->getBuffer());
}

} // namespace warplint
