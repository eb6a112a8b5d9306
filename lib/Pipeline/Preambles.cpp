//===-- Preambles.cpp - Headers parsed once for the edits of a file -------===//
#include "warplint/Pipeline/Preambles.h"

#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/FileManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/PrecompiledPreamble.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/VirtualFileSystem.h"

using namespace clang;
using namespace llvm;

namespace warplint {

struct PreambleStore::Entry {
  std::string File, Key;
  std::shared_ptr<const PrecompiledPreamble> Preamble;
  ArchConditionals Conditionals;
  /// The preamble's text the last time it could not be built (a header
  /// missing, an error in one): not tried again while it stays the same.
  std::optional<std::string> Failed;
};

namespace {

/// While the preamble is built: function bodies kept (the analysis follows
/// calls into header functions), errors counted, and the preprocessor's
/// __CUDA_ARCH__ conditionals recorded, as the full parse would.
class Callbacks : public PreambleCallbacks {
public:
  explicit Callbacks(ArchConditionals &Out) : Out(Out) {}
  void BeforeExecute(CompilerInstance &C) override { CI = &C; }
  std::unique_ptr<PPCallbacks> createPPCallbacks() override {
    return CI && CI->hasPreprocessor()
               ? recordArchConditionals(CI->getPreprocessor(), Out)
               : nullptr;
  }
  bool shouldSkipFunctionBody(Decl *) override { return false; }

private:
  ArchConditionals &Out;
  CompilerInstance *CI = nullptr;
};

class ErrorCounter : public DiagnosticConsumer {
public:
  unsigned Errors = 0;
  void HandleDiagnostic(DiagnosticsEngine::Level L,
                        const Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(L, Info);
    if (L >= DiagnosticsEngine::Error)
      ++Errors;
  }
};

void merge(ArchConditionals &Into, const ArchConditionals &From) {
  Into.MentionsCudaArch |= From.MentionsCudaArch;
  Into.SkipsDeviceDeclarations |= From.SkipsDeviceDeclarations;
  Into.Skipped.insert(Into.Skipped.end(), From.Skipped.begin(),
                      From.Skipped.end());
  Into.ArchSkipped.insert(Into.ArchSkipped.end(), From.ArchSkipped.begin(),
                          From.ArchSkipped.end());
  Into.SkippedDeviceText.insert(Into.SkippedDeviceText.end(),
                                From.SkippedDeviceText.begin(),
                                From.SkippedDeviceText.end());
}

} // namespace

std::optional<PreambleStore::Use>
PreambleStore::use(CompilerInvocation &Invocation, FileManager &Files,
                   std::shared_ptr<PCHContainerOperations> PCHContainerOps) {
  const auto &Inputs = Invocation.getFrontendOpts().Inputs;
  if (Inputs.size() != 1 || !Inputs[0].isFile())
    return std::nullopt;
  std::string File = Inputs[0].getFile().str();
  IntrusiveRefCntPtr<vfs::FileSystem> FS = Files.getVirtualFileSystemPtr();
  auto Buffer = FS->getBufferForFile(File);
  if (!Buffer)
    return std::nullopt;
  std::string Key = join(Invocation.getCC1CommandLine(), "\n");
  PreambleBounds Bounds =
      ComputePreambleBounds(Invocation.getLangOpts(), **Buffer, 0);

  std::shared_ptr<Entry> E;
  {
    std::lock_guard<std::mutex> L(M);
    auto It = llvm::find_if(Entries, [&](const std::shared_ptr<Entry> &X) {
      return X->Key == Key;
    });
    if (It != Entries.end()) {
      E = *It;
      Entries.erase(It);
    } else {
      E = std::make_shared<Entry>();
      E->File = File;
      E->Key = Key;
    }
    Entries.push_front(E);
    while (Entries.size() > Capacity)
      Entries.pop_back();
  }
  // No lock is held while a preamble is built or checked: a crash there
  // (contained by the analysis, never unwound) must leave none locked. Two
  // parses of the same key at once would both build; the last one stays.
  std::shared_ptr<const PrecompiledPreamble> Kept;
  ArchConditionals KeptConditionals;
  std::string Text = (*Buffer)->getBuffer().take_front(Bounds.Size).str();
  {
    std::lock_guard<std::mutex> L(M);
    if (E->Failed && *E->Failed == Text) {
      ++Seen.Failed;
      return std::nullopt;
    }
    Kept = E->Preamble;
    KeptConditionals = E->Conditionals;
  }
  if (Kept && Kept->CanReuse(Invocation, **Buffer, Bounds, *FS)) {
    std::lock_guard<std::mutex> L(M);
    ++Seen.Reused;
  } else {
    Kept.reset();
    KeptConditionals = ArchConditionals();
    DiagnosticOptions DiagOpts;
    ErrorCounter Errors;
    IntrusiveRefCntPtr<DiagnosticsEngine> Diags =
        CompilerInstance::createDiagnostics(*FS, DiagOpts, &Errors,
                                            /*ShouldOwnClient=*/false);
    Callbacks CB(KeptConditionals);
    auto Built = PrecompiledPreamble::Build(
        Invocation, Buffer->get(), Bounds, Diags, FS, PCHContainerOps,
        /*StoreInMemory=*/true, /*StoragePath=*/"", CB);
    std::lock_guard<std::mutex> L(M);
    E->Preamble.reset();
    if (!Built || Errors.Errors) {
      ++Seen.Failed;
      E->Failed = std::move(Text);
      return std::nullopt;
    }
    E->Failed.reset();
    ++Seen.Built;
    Kept = std::make_shared<const PrecompiledPreamble>(std::move(*Built));
    E->Preamble = Kept;
    E->Conditionals = KeptConditionals;
  }
  Use U;
  U.FS = FS;
  U.Preamble = Kept;
  merge(U.Conditionals, KeptConditionals);
  // The compile owns the main file's buffer from here (the preprocessor's
  // remapped files are freed with it).
  Kept->AddImplicitPreamble(Invocation, U.FS, Buffer->release());
  return U;
}

void PreambleStore::forget(StringRef File) {
  std::lock_guard<std::mutex> L(M);
  Entries.remove_if([&](const std::shared_ptr<Entry> &E) {
    return File.empty() || E->File == File;
  });
}

PreambleStore::Counts PreambleStore::counts() const {
  std::lock_guard<std::mutex> L(M);
  return Seen;
}

} // namespace warplint
