//===-- CheckContext.cpp - What a check sees and how it reports -----------===//
#include "warplint/Analysis/CheckContext.h"
#include "warplint/Analysis/BankConflicts.h"
#include "warplint/Analysis/CheckRegistry.h"
#include "clang/AST/Decl.h"
#include "clang/AST/PrettyPrinter.h"
#include "llvm/Support/raw_ostream.h"
#include <map>
#include <set>
#include <tuple>

using namespace clang;

namespace warplint {

CheckContext::CheckContext(TUIndex &Index, const Options &Opts,
                           const CheckRegistry *Registry)
    : Index(Index), Opts(Opts), Registry(Registry), Values(Index.Ctx) {}

CheckContext::~CheckContext() = default;

BankConflictAnalysis &CheckContext::bankConflicts(
    llvm::function_ref<void(BankConflictAnalysis &, size_t, size_t)> Sink) {
  if (!Banks) {
    BankAnalysisSettings S;
    if (Registry)
      Registry->bankSettings(Opts, S);
    Banks = std::make_unique<BankConflictAnalysis>(Index, Values, Launches,
                                                   std::move(S));
    auto Settled = [&](size_t Begin, size_t End) { Sink(*Banks, Begin, End); };
    if (StreamBankReports && Sink)
      Banks->run(Settled);
    else
      Banks->run();
  }
  return *Banks;
}

void CheckContext::visit(CheckId Check, SourceLocation Loc,
                         const FunctionDecl *Context) {
  if (!Index.instantiationName(Context).empty())
    ++InstantiationVisits[{(unsigned)Check, Loc.getRawEncoding()}];
}

/// The name a baseline keys a finding by: qualified, without template
/// arguments (the same for every instantiation) and without the file
/// positions clang gives unnamed classes and lambdas.
static std::string stableFunctionName(const FunctionDecl *FD) {
  if (!FD)
    return "";
  if (const FunctionDecl *Pattern = FD->getTemplateInstantiationPattern())
    FD = Pattern;
  PrintingPolicy P = FD->getASTContext().getPrintingPolicy();
  P.AnonymousTagLocations = false;
  P.SuppressUnwrittenScope = true;
  std::string S;
  llvm::raw_string_ostream OS(S);
  FD->printQualifiedName(OS, P);
  return S;
}

void CheckContext::report(AstFinding F, const FunctionDecl *Context) {
  if (F.Function.empty())
    F.Function = stableFunctionName(Context);
  if (!Opts.FindingProperties)
    F.Properties = llvm::json::Object();
  Findings.push_back({std::move(F), Index.instantiationName(Context)});
}

std::vector<AstFinding> CheckContext::takeFindings() {
  // Group the findings of instantiations by (check, place).
  std::map<std::pair<unsigned, unsigned>, std::vector<Pending *>> Groups;
  for (Pending &P : Findings)
    if (!P.Instantiation.empty())
      Groups[{(unsigned)P.F.Check, P.F.Loc.getRawEncoding()}].push_back(&P);

  // A group is uniform when every instantiation that reached the place has
  // a finding there, all in the same words: then one unnamed finding says it.
  std::map<std::pair<unsigned, unsigned>, bool> Uniform;
  for (auto &[Key, G] : Groups) {
    bool U = G.size() == InstantiationVisits[Key];
    for (const Pending *Q : G)
      U &= Q->F.Message == G.front()->F.Message;
    Uniform[Key] = U;
  }

  std::vector<AstFinding> Out;
  std::set<std::tuple<unsigned, unsigned, std::string>> Seen;
  for (Pending &P : Findings) {
    auto Key = std::make_pair((unsigned)P.F.Check, P.F.Loc.getRawEncoding());
    if (!P.Instantiation.empty() && !Uniform[Key] &&
        !StringRef(P.F.Message).contains("'" + P.Instantiation + "'"))
      P.F.Message += " (in instantiation '" + P.Instantiation + "')";
    if (Seen.insert({Key.first, Key.second, P.F.Message}).second)
      Out.push_back(std::move(P.F));
  }
  return Out;
}

} // namespace warplint
