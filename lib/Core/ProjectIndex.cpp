//===-- ProjectIndex.cpp - The calls that cross translation units ---------===//
#include "warplint/Core/ProjectIndex.h"
#include "warplint/Core/InputFile.h"
#include "llvm/Support/JSON.h"
#include <algorithm>
#include <tuple>

using namespace llvm;

namespace warplint {

bool ProjectCall::operator<(const ProjectCall &O) const {
  return std::tie(Callee, File, Line, Args, Name) <
         std::tie(O.Callee, O.File, O.Line, O.Args, O.Name);
}
bool ProjectCall::operator==(const ProjectCall &O) const {
  return std::tie(Callee, File, Line, Args, Name) ==
         std::tie(O.Callee, O.File, O.Line, O.Args, O.Name);
}

void ProjectIndex::add(std::vector<ProjectCall> Calls) {
  for (ProjectCall &C : Calls) {
    std::vector<ProjectCall> &V = ByCallee[C.Callee];
    auto It = std::lower_bound(V.begin(), V.end(), C);
    if (It == V.end() || !(*It == C))
      V.insert(It, std::move(C));
  }
}

ArrayRef<ProjectCall> ProjectIndex::callsOf(StringRef Callee) const {
  auto It = ByCallee.find(Callee);
  if (It == ByCallee.end())
    return {};
  return It->second;
}

size_t ProjectIndex::size() const {
  size_t N = 0;
  for (const auto &[Callee, Calls] : ByCallee)
    N += Calls.size();
  return N;
}

json::Array callsToJSON(ArrayRef<ProjectCall> Calls) {
  json::Array Out;
  for (const ProjectCall &C : Calls) {
    json::Array Args;
    for (const std::optional<int64_t> &A : C.Args)
      Args.push_back(A ? json::Value(*A) : json::Value(nullptr));
    Out.push_back(json::Object{{"callee", C.Callee},
                               {"name", C.Name},
                               {"file", C.File},
                               {"line", C.Line},
                               {"args", std::move(Args)}});
  }
  return Out;
}

Expected<std::vector<ProjectCall>> callsFromJSON(const json::Array &Calls) {
  auto Bad = [](const Twine &Why) {
    return createStringError(inconvertibleErrorCode(), Why);
  };
  std::vector<ProjectCall> All;
  for (size_t I = 0; I < Calls.size(); ++I) {
    const json::Object *O = Calls[I].getAsObject();
    std::optional<StringRef> Callee = O ? O->getString("callee") : std::nullopt;
    const json::Array *Args = O ? O->getArray("args") : nullptr;
    if (!Callee || Callee->empty() || !Args)
      return Bad("call " + Twine(I) + " lacks \"callee\" or \"args\"");
    ProjectCall C;
    C.Callee = Callee->str();
    C.Name = O->getString("name").value_or(*Callee).str();
    C.File = O->getString("file").value_or("").str();
    C.Line = unsigned(O->getInteger("line").value_or(0));
    for (const json::Value &A : *Args) {
      if (A.kind() == json::Value::Null) {
        C.Args.push_back(std::nullopt);
        continue;
      }
      std::optional<int64_t> N = A.getAsInteger();
      if (!N)
        return Bad("call " + Twine(I) + " has an argument that is neither " +
                   "an integer nor null");
      C.Args.push_back(*N);
    }
    All.push_back(std::move(C));
  }
  return All;
}

std::string ProjectIndex::toJSON() const {
  std::vector<ProjectCall> All;
  for (const auto &[Callee, V] : ByCallee)
    All.insert(All.end(), V.begin(), V.end());
  std::string S;
  raw_string_ostream OS(S);
  OS << formatv("{0:2}", json::Value(json::Object{
                             {"version", 1}, {"calls", callsToJSON(All)}}));
  OS << "\n";
  return S;
}

Expected<ProjectIndex> ProjectIndex::fromJSON(StringRef Text) {
  auto Bad = [](const Twine &Why) {
    return createStringError(inconvertibleErrorCode(),
                             "not a warplint project index: " + Why);
  };
  Expected<json::Value> V = json::parse(Text);
  if (!V)
    return Bad(toString(V.takeError()));
  const json::Object *Top = V->getAsObject();
  if (!Top)
    return Bad("the top level is not an object");
  std::optional<int64_t> Version = Top->getInteger("version");
  if (Version != 1)
    return Bad("version " +
               (Version ? std::to_string(*Version) : std::string("missing")) +
               " (this warplint reads version 1)");
  const json::Array *Calls = Top->getArray("calls");
  if (!Calls)
    return Bad("no \"calls\" array");
  Expected<std::vector<ProjectCall>> All = callsFromJSON(*Calls);
  if (!All)
    return Bad(toString(All.takeError()));
  ProjectIndex Index;
  Index.add(std::move(*All));
  return Index;
}

Expected<ProjectIndex> ProjectIndex::read(StringRef Path) {
  Expected<std::string> Text =
      readInputFile(Path, MaxDatabaseBytes, "a project index");
  if (!Text)
    return createStringError(inconvertibleErrorCode(),
                             "cannot read project index '" + Path +
                                 "': " + toString(Text.takeError()));
  Expected<ProjectIndex> I = fromJSON(*Text);
  if (!I)
    return createStringError(inconvertibleErrorCode(),
                             Path + ": " + toString(I.takeError()));
  return I;
}

} // namespace warplint
