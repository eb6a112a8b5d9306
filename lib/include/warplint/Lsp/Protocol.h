//===-- Protocol.h - warplint's findings in the Language Server Protocol -===//
///
/// What `warplint lsp` sends, made from what the analysis gives
/// (Finding, SharedAccessInfo, LaunchInfo): diagnostics, quick fixes, hovers
/// and inlay hints, with LSP's positions (lines from 0, columns in UTF-16
/// code units) from warplint's (lines from 1, columns in bytes). No Clang:
/// unit-tested on strings (test/unit/LspTest.cpp).
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_LSP_PROTOCOL_H
#define WARPLINT_LSP_PROTOCOL_H

#include "warplint/Core/Finding.h"
#include "warplint/Core/LaunchInfo.h"
#include "warplint/Core/SharedAccessInfo.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace warplint::lsp {

/// A document's text, for positions in it.
class DocumentText {
public:
  explicit DocumentText(std::string Text = "");
  const std::string &text() const { return Text; }
  unsigned lines() const { return unsigned(Starts.size()); }
  /// Line N (from 1) without its line break; empty past the end.
  llvm::StringRef line(unsigned N) const;
  /// The LSP position of line Line (from 1), byte column Column (from 1).
  llvm::json::Value position(unsigned Line, unsigned Column) const;
  /// The byte offset of an LSP position (line from 0, UTF-16 column);
  /// a column past the line's end is its end, a line past the text's end
  /// is none.
  std::optional<size_t> offset(int64_t Line, int64_t Character) const;
  /// The byte column (from 1) of an LSP position's character on line Line
  /// (from 1).
  unsigned byteColumn(unsigned Line, int64_t Character) const;

private:
  std::string Text;
  std::vector<size_t> Starts; ///< the offset of each line
};

/// The UTF-16 code units of the first Bytes bytes of Line (a byte that
/// starts no valid UTF-8 sequence counts as one).
unsigned utf16Length(llvm::StringRef Line, size_t Bytes);

/// file:// URIs and paths. pathFromUri is empty for a URI of another scheme.
std::string pathFromUri(llvm::StringRef Uri);
std::string uriFromPath(llvm::StringRef Path);

/// Applies one entry of didChange's contentChanges (a range and its new
/// text, or the whole text) to Text; false when the entry is malformed.
bool applyChange(std::string &Text, const llvm::json::Object &Change);

/// What turns a finding into a diagnostic: the document it is in, the texts
/// of other files for its notes (null when not known: byte columns are
/// used), and the page each check's documentation is on.
struct DiagnosticContext {
  const DocumentText *Doc = nullptr;
  std::function<const DocumentText *(llvm::StringRef File)> TextOf;
  /// The base of the documentation's URL ("file:///usr/share/doc/warplint"
  /// or "https://..."): a check's page is BASE/checks/NAME.md. Empty: no
  /// link.
  std::string DocsBase;
};

/// The range a finding at Loc covers in Doc: the access (Text) when given
/// and found there, else the word at Loc, else the rest of the line.
llvm::json::Value findingRange(const DocumentText &Doc, const FileLocation &Loc,
                               llvm::StringRef Text = "");

/// The LSP diagnostic of F (at the severity F.Level, as reported): the
/// check as code, with its page, the notes as related information.
llvm::json::Value diagnostic(const Finding &F, const DiagnosticContext &C,
                             llvm::StringRef AccessText = "");

/// The code actions for the diagnostic of F in the document at Uri: each
/// note's fix-it as a quick fix, a layout change the check describes but
/// cannot make (a swizzle) as an action that explains it (the command
/// warplint.explainLayout), and a NOLINT comment that suppresses it.
std::vector<llvm::json::Value> codeActions(const Finding &F,
                                           const llvm::json::Value &Diagnostic,
                                           llvm::StringRef Uri,
                                           const DocumentText &Doc,
                                           const DiagnosticContext &C);

/// The inlay hint after an access: its degree ("4-way", "1-way") in the
/// worst launch shape, or "?" when unknown; none for an access whose line
/// is not in Doc.
std::optional<llvm::json::Value> accessHint(const SharedAccessInfo &I,
                                            const DocumentText &Doc);
/// The hover of an access: what it is, its degree in each launch shape,
/// what the checks said of it (Said), and the bank map of its worst warp.
std::string accessHover(const SharedAccessInfo &I,
                        llvm::ArrayRef<const Finding *> Said);

/// The inlay hint after a launch: its occupancy on each architecture known
/// ("50% occupancy"), or its block when the registers are not known.
std::optional<llvm::json::Value> launchHint(const LaunchInfo &L,
                                            const DocumentText &Doc);
std::string launchHover(const LaunchInfo &L);

} // namespace warplint::lsp

#endif // WARPLINT_LSP_PROTOCOL_H
