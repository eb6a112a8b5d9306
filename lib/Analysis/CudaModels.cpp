//===-- CudaModels.cpp - What warplint knows of CUDA's API ----------------===//
//
// See CudaModels.h. Each fact cites the part of CUDA's documentation it
// models there.
//
//===----------------------------------------------------------------------===//
#include "CudaModels.h"
#include "AstUtil.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace warplint {

/// The function E calls, when it is named.
static const FunctionDecl *namedCallee(const CallExpr *E) {
  const FunctionDecl *Callee = E->getDirectCallee();
  return Callee && Callee->getIdentifier() ? Callee : nullptr;
}

// ---- types ---------------------------------------------------------------

bool isCudaVectorRecord(QualType T) {
  const auto *RD = T->getAsRecordDecl();
  if (!RD || !RD->getIdentifier())
    return false;
  StringRef N = RD->getName();
  static const char *const Bases[] = {
      "char", "uchar", "short", "ushort", "int",      "uint",
      "long", "ulong", "float", "double", "longlong", "ulonglong"};
  for (const char *B : Bases) {
    StringRef Rest = N;
    if (Rest.consume_front(B) &&
        (Rest == "1" || Rest == "2" || Rest == "3" || Rest == "4"))
      return Rest != "3"; // 3-vectors: word by word (recordWords)
  }
  return N == "__half2" || N == "__nv_bfloat162" || N == "__half" ||
         N == "__nv_bfloat16" || N == "half2" || N == "half";
}

unsigned accessBytes(QualType T, ASTContext &Ctx) {
  T = T.getNonReferenceType();
  if (T->isDependentType() || T->isIncompleteType())
    return 0;
  bool Scalar = T->isScalarType() || T->isVectorType();
  if (!Scalar && !isCudaVectorRecord(T)) {
    // A trivially copyable struct as wide as its alignment (4, 8 or 16
    // bytes: `struct alignas(16) V { float v[4]; }`) is copied by one
    // access of its size; other structs field by field.
    const auto *RD = T->getAsCXXRecordDecl();
    if (!RD || !RD->hasDefinition() || !RD->isTriviallyCopyable())
      return 0;
    int64_t S = Ctx.getTypeSizeInChars(T).getQuantity();
    int64_t A = Ctx.getTypeAlignInChars(T).getQuantity();
    return S == A && (S == 4 || S == 8 || S == 16) ? unsigned(S) : 0;
  }
  int64_t S = Ctx.getTypeSizeInChars(T).getQuantity();
  if (S == 1 || S == 2 || S == 4 || S == 8 || S == 16)
    if (!Scalar || T->isScalarType() || T->isVectorType())
      return unsigned(S);
  return 0;
}

bool isAtomicName(StringRef N) {
  N.consume_back("_block");
  N.consume_back("_system");
  return N == "atomicAdd" || N == "atomicSub" || N == "atomicExch" ||
         N == "atomicMin" || N == "atomicMax" || N == "atomicInc" ||
         N == "atomicDec" || N == "atomicCAS" || N == "atomicAnd" ||
         N == "atomicOr" || N == "atomicXor";
}

static const FieldDecl *fieldNamed(const RecordDecl *RD, StringRef Name) {
  for (const FieldDecl *F : RD->fields())
    if (F->getName() == Name)
      return F;
  return nullptr;
}

bool isDim3Type(QualType T) {
  T = T.getNonReferenceType().getCanonicalType();
  const auto *RD = T->getAsRecordDecl();
  if (!RD || !RD->getIdentifier())
    return false;
  if (RD->getName() != "dim3" && RD->getName() != "uint3")
    return false;
  for (StringRef N : {"x", "y", "z"}) {
    const FieldDecl *F = fieldNamed(RD, N);
    if (!F || !F->getType()->isIntegerType())
      return false;
  }
  return true;
}

std::optional<unsigned> dim3Component(const FieldDecl *F) {
  if (!F->getIdentifier())
    return std::nullopt;
  StringRef N = F->getName();
  if (N == "x")
    return 0;
  if (N == "y")
    return 1;
  if (N == "z")
    return 2;
  return std::nullopt;
}

// ---- built-in variables and intrinsics -----------------------------------

StringRef BuiltinRead::name() const {
  static const char *const Names[] = {"threadIdx", "blockDim", "blockIdx",
                                      "gridDim"};
  return Names[Var];
}

std::optional<BuiltinRead> builtinRead(const PseudoObjectExpr *POE) {
  const auto *Call = dyn_cast<CallExpr>(POE->getResultExpr());
  if (!Call)
    return std::nullopt;
  const auto *ME =
      dyn_cast<MemberExpr>(Call->getCallee()->IgnoreParenImpCasts());
  if (!ME)
    return std::nullopt;
  StringRef Member = ME->getMemberDecl()->getName();
  unsigned Dim;
  if (Member == "__fetch_builtin_x")
    Dim = 0;
  else if (Member == "__fetch_builtin_y")
    Dim = 1;
  else if (Member == "__fetch_builtin_z")
    Dim = 2;
  else
    return std::nullopt;
  const Expr *Base = ME->getBase()->IgnoreParens();
  if (const auto *OVE = dyn_cast<OpaqueValueExpr>(Base))
    Base = OVE->getSourceExpr()->IgnoreParens();
  const auto *DRE = dyn_cast_or_null<DeclRefExpr>(Base);
  if (!DRE)
    return std::nullopt;
  StringRef Var = DRE->getDecl()->getName();
  BuiltinRead R{BuiltinRead::ThreadIdx, Dim, DRE->getDecl()};
  if (Var == "threadIdx")
    R.Var = BuiltinRead::ThreadIdx;
  else if (Var == "blockDim")
    R.Var = BuiltinRead::BlockDim;
  else if (Var == "blockIdx")
    R.Var = BuiltinRead::BlockIdx;
  else if (Var == "gridDim")
    R.Var = BuiltinRead::GridDim;
  else
    return std::nullopt;
  return R;
}

std::optional<model::Op> integerIntrinsic(const CallExpr *Call) {
  const FunctionDecl *Callee = namedCallee(Call);
  if (!Callee || Call->getNumArgs() != 2)
    return std::nullopt;
  StringRef N = Callee->getName();
  if (N == "min" || N == "umin" || N == "llmin" || N == "ullmin")
    return model::Op::Min;
  if (N == "max" || N == "umax" || N == "llmax" || N == "ullmax")
    return model::Op::Max;
  if (N == "__mul24" || N == "__umul24")
    return model::Op::Mul;
  return std::nullopt;
}

bool isSharedWindowAddress(const CallExpr *Call) {
  const FunctionDecl *Callee = namedCallee(Call);
  return Callee && Call->getNumArgs() == 1 &&
         (Callee->getName() == "__cvta_generic_to_shared" ||
          Callee->getName() == "__nvvm_get_smem_pointer");
}

StringRef runtimeChooser(const CallExpr *Call) {
  const FunctionDecl *Callee = Call ? namedCallee(Call) : nullptr;
  if (Callee &&
      Callee->getName().starts_with("cudaOccupancyMaxPotentialBlockSize"))
    return Callee->getName();
  return "";
}

// ---- cooperative groups --------------------------------------------------

/// The tile size N of a cooperative_groups::thread_block_tile<N, ...> (or
/// of a base class carrying N), 0 for another type.
static uint64_t tileSize(const CXXRecordDecl *RD) {
  if (!RD || !RD->hasDefinition())
    return 0;
  if (const auto *TS = dyn_cast<ClassTemplateSpecializationDecl>(RD)) {
    const TemplateArgumentList &Args = TS->getTemplateArgs();
    if (RD->getName().contains("tile") && Args.size() >= 1 &&
        Args[0].getKind() == TemplateArgument::Integral)
      return Args[0].getAsIntegral().getZExtValue();
  }
  for (const CXXBaseSpecifier &B : RD->bases())
    if (uint64_t N = tileSize(B.getType()->getAsCXXRecordDecl()))
      return N;
  return 0;
}

std::optional<GroupQuery> groupQuery(const CallExpr *Call) {
  // A member call, or a call of a static member through an object (CUDA's
  // tiles declare thread_rank() static).
  const auto *M = dyn_cast_or_null<CXXMethodDecl>(Call->getDirectCallee());
  if (!M || !M->getIdentifier() ||
      M->getParent()->getQualifiedNameAsString().find("cooperative_groups::") ==
          std::string::npos)
    return std::nullopt;
  const Expr *Obj = nullptr;
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Call))
    Obj = MC->getImplicitObjectArgument();
  else if (const auto *ME =
               dyn_cast<MemberExpr>(Call->getCallee()->IgnoreParenImpCasts()))
    Obj = ME->getBase();
  const CXXRecordDecl *RD =
      Obj ? Obj->getType()->getPointeeOrArrayElementType()->getAsCXXRecordDecl()
          : nullptr;
  if (!RD)
    return std::nullopt;
  GroupQuery Q;
  Q.Object = Obj;
  Q.Tile = tileSize(RD);
  Q.Generic = RD->getName() == "thread_group";
  bool Block = RD->getName() == "thread_block";
  if (!Q.Tile && !Block && !Q.Generic)
    return std::nullopt;
  StringRef Name = M->getName();
  if (Name == "thread_rank")
    Q.What = GroupQuery::Rank;
  else if (Name == "size" || Name == "num_threads")
    Q.What = GroupQuery::Size;
  else if (Name == "meta_group_rank" && Q.Tile)
    Q.What = GroupQuery::MetaGroupRank;
  else if (Name == "meta_group_size" && Q.Tile)
    Q.What = GroupQuery::MetaGroupSize;
  else if (Name == "thread_index" && Block)
    Q.What = GroupQuery::ThreadIndex;
  else if ((Name == "dim_threads" || Name == "group_dim") && Block)
    Q.What = GroupQuery::DimThreads;
  else if (Name == "group_index" && Block)
    Q.What = GroupQuery::GroupIndex;
  else
    return std::nullopt;
  return Q;
}

std::optional<uint64_t>
groupKind(const Expr *Init, ASTContext &Ctx,
          llvm::function_ref<std::optional<uint64_t>(const Expr *)> Variable) {
  // `thread_group g = block;`: a copy of the block's base.
  for (;;) {
    Init = strip(Init, StripCleanups | StripImplicitCasts | StripTemporaries |
                           StripFunctionalCasts);
    const auto *RD = Init->getType()->getAsCXXRecordDecl();
    if (RD && RD->getName() == "thread_block")
      return 0;
    // A static tile (tiled_partition<N>): its rank is linear % N.
    if (uint64_t N = tileSize(RD))
      return N;
    // A conversion operator (a tile to a thread_group): its object.
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Init);
        MC && isa_and_nonnull<CXXConversionDecl>(MC->getMethodDecl())) {
      Init = MC->getImplicitObjectArgument();
      continue;
    }
    const auto *CE = dyn_cast<CXXConstructExpr>(Init);
    if (!CE || CE->getNumArgs() != 1)
      break;
    Init = CE->getArg(0);
  }
  if (isa<DeclRefExpr>(Init))
    return Variable(Init);
  const auto *C = dyn_cast<CallExpr>(Init);
  const FunctionDecl *F = C ? namedCallee(C) : nullptr;
  if (!F || F->getName() != "tiled_partition" || C->getNumArgs() != 2)
    return std::nullopt;
  Expr::EvalResult R;
  const Expr *N = C->getArg(1);
  if (N->isValueDependent() || !N->EvaluateAsInt(R, Ctx))
    return std::nullopt;
  uint64_t Tile = R.Val.getInt().getLimitedValue();
  if (Tile == 0 || Tile > 32 || (Tile & (Tile - 1)))
    return std::nullopt;
  // A tile of a tile: whole tiles of its parent, the same threads as a
  // tile of the block (CUDA requires a power of two that divides it).
  std::optional<uint64_t> Parent = groupKind(C->getArg(0), Ctx, Variable);
  if (!Parent || (*Parent && *Parent % Tile))
    return std::nullopt;
  return Tile;
}

bool partitionedFromBlock(const Expr *Init) {
  bool Found = false;
  visitStmts(Init, [&](const Stmt *S) {
    const auto *C = dyn_cast<CallExpr>(S);
    const FunctionDecl *F = C ? C->getDirectCallee() : nullptr;
    if (F && F->getIdentifier() && F->getName() == "tiled_partition" &&
        C->getNumArgs() >= 1)
      if (const auto *RD = C->getArg(0)->getType()->getAsCXXRecordDecl())
        Found |= RD->getName() == "thread_block";
    return true;
  });
  return Found;
}

bool isAddressQuery(const FunctionDecl *F) {
  if (!F || !F->getIdentifier())
    return false;
  StringRef N = F->getName();
  return N.starts_with("__cvta_") || N == "__isShared" || N == "__isGlobal" ||
         N == "__isConstant" || N == "__isLocal" || N == "__isGridConstant" ||
         N == "__isClusterShared";
}

// ---- warp matrix functions (WMMA) ----------------------------------------

const char *const WmmaLaneMappingUnknown =
    "WMMA's mapping of matrix elements to lanes is not documented (CUDA "
    "C++ Programming Guide, Warp Matrix Functions: it is unspecified and "
    "may differ between architectures); only the rows' spacing is "
    "checked";

/// The outermost namespace of D's context ("" for the global one).
static StringRef outerNamespace(const Decl *D) {
  StringRef Out;
  for (const DeclContext *DC = D->getDeclContext();
       DC && !DC->isTranslationUnit(); DC = DC->getParent())
    if (const auto *N = dyn_cast<NamespaceDecl>(DC); N && !N->isInline())
      Out = N->getName();
  return Out;
}

/// The rows a fragment<Use, M, N, K, T, Layout> occupies in memory with
/// leading dimension Ldm (in elements of ElemBytes bytes); Call is the
/// load or store (an accumulator's layout is its fourth argument).
static std::optional<SharedAccess::TileRows>
tileRows(const ClassTemplateSpecializationDecl *Spec, const CallExpr *Call,
         int64_t ElemBytes, int64_t Ldm) {
  const TemplateArgumentList &TA = Spec->getTemplateArgs();
  auto TypeName = [](const TemplateArgument &T) -> std::string {
    if (T.getKind() != TemplateArgument::Type)
      return "";
    if (const auto *RD = T.getAsType()->getAsRecordDecl())
      return RD->getName().str();
    return "";
  };
  auto Int = [](const TemplateArgument &T) -> int64_t {
    return T.getKind() == TemplateArgument::Integral
               ? T.getAsIntegral().getExtValue()
               : 0;
  };
  std::string Use = TypeName(TA[0]);
  int64_t M = Int(TA[1]), N = Int(TA[2]), Kd = Int(TA[3]);
  // Row-major unless the fragment (or, for an accumulator, the call) says
  // column-major.
  bool ColMajor = false;
  bool LayoutKnown = true;
  if (Use == "accumulator") {
    LayoutKnown = Call->getNumArgs() >= 4;
    if (LayoutKnown) {
      const auto *DRE =
          dyn_cast<DeclRefExpr>(Call->getArg(3)->IgnoreParenImpCasts());
      LayoutKnown = DRE && (DRE->getDecl()->getName() == "mem_row_major" ||
                            DRE->getDecl()->getName() == "mem_col_major");
      ColMajor = LayoutKnown && DRE->getDecl()->getName() == "mem_col_major";
    }
  } else if (TA.size() >= 6) {
    ColMajor = TypeName(TA[5]) == "col_major";
    LayoutKnown = ColMajor || TypeName(TA[5]) == "row_major";
  }
  int64_t Rows = 0, Cols = 0;
  if (Use == "matrix_a")
    Rows = M, Cols = Kd;
  else if (Use == "matrix_b")
    Rows = Kd, Cols = N;
  else if (Use == "accumulator")
    Rows = M, Cols = N;
  if (ColMajor)
    std::swap(Rows, Cols);
  if (!LayoutKnown || Rows <= 0 || Cols <= 0 || Ldm < Cols || Rows > 256 ||
      Cols * ElemBytes > 1024)
    return std::nullopt;
  return SharedAccess::TileRows{unsigned(Rows), unsigned(Cols * ElemBytes),
                                unsigned(ElemBytes), uint64_t(Ldm)};
}

std::optional<WmmaCall> wmmaCall(const CallExpr *E, ASTContext &Ctx) {
  const FunctionDecl *Callee = namedCallee(E);
  if (!Callee)
    return std::nullopt;
  StringRef Name = Callee->getName();
  bool Load = Name == "load_matrix_sync";
  if ((!Load && Name != "store_matrix_sync") ||
      outerNamespace(Callee) != "nvcuda" || E->getNumArgs() < 3 ||
      Callee->getNumParams() < 3)
    return std::nullopt;
  WmmaCall W;
  W.Load = Load;
  W.PtrArg = W.Load ? 1 : 0;
  unsigned FragArg = W.Load ? 0 : 1;
  if (!E->getArg(W.PtrArg)->getType()->isPointerType())
    return std::nullopt;
  W.Instruction = ("wmma::" + Name).str();
  QualType FT = E->getArg(FragArg)->getType().getNonReferenceType();
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      FT->getAsCXXRecordDecl());
  QualType Elem = Callee->getParamDecl(W.PtrArg)->getType()->getPointeeType();
  if (!Elem->isVoidType() && !Elem->isIncompleteType() &&
      !Elem->isDependentType())
    W.Bytes = unsigned(Ctx.getTypeSizeInChars(Elem).getQuantity());
  Expr::EvalResult Ldm;
  const Expr *LdmE = E->getArg(2);
  if (Spec && Spec->getTemplateArgs().size() >= 5 && W.Bytes &&
      !LdmE->isValueDependent() && LdmE->EvaluateAsInt(Ldm, Ctx))
    W.Tile = tileRows(Spec, E, W.Bytes, Ldm.Val.getInt().getExtValue());
  return W;
}

// ---- asynchronous copies -------------------------------------------------

std::optional<AsyncCopy> asyncCopy(const CallExpr *E) {
  const FunctionDecl *Callee = namedCallee(E);
  if (!Callee)
    return std::nullopt;
  StringRef Name = Callee->getName();
  bool Pipeline = Name == "__pipeline_memcpy_async";
  if (!Pipeline && Name != "memcpy_async")
    return std::nullopt;
  AsyncCopy C;
  C.SharedByContract = Pipeline;
  C.Instruction = Name.str();
  if (!C.SharedByContract) {
    // cuda (cuda::std, cuda::__4) or cooperative_groups.
    StringRef Outer = outerNamespace(Callee);
    if (Outer != "cuda" && Outer != "cooperative_groups")
      return std::nullopt;
    C.Instruction = (Outer + "::" + Name).str();
  }
  if (E->getNumArgs() < 3)
    return std::nullopt;
  // memcpy_async(group, dst, src, ...): the whole group copies.
  C.WholeGroup =
      !E->getArg(0)->IgnoreParenImpCasts()->getType()->isPointerType();
  return C;
}

/// The byte count of a copy: an integer constant, or a constant wrapped in
/// a class such as cuda::aligned_size_t<16>(16).
static std::optional<uint64_t> copySize(const Expr *E, ASTContext &Ctx,
                                        unsigned Depth) {
  E = strip(E, StripCleanups | StripImplicitCasts | StripTemporaries |
                   StripFunctionalCasts);
  if (Depth > 8)
    return std::nullopt;
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
    if (CE->getNumArgs() != 1)
      return std::nullopt;
    return copySize(CE->getArg(0), Ctx, Depth + 1);
  }
  // `const auto shape = cuda::aligned_size_t<16>(16);`
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
        V && V->getType().isConstQualified() && V->getInit())
      return copySize(V->getInit(), Ctx, Depth + 1);
  Expr::EvalResult R;
  if (E->isValueDependent() || !E->getType()->isIntegralOrEnumerationType() ||
      !E->EvaluateAsInt(R, Ctx))
    return std::nullopt;
  return R.Val.getInt().getLimitedValue();
}

unsigned copyBytes(const Expr *Size, ASTContext &Ctx, std::string &Why) {
  std::optional<uint64_t> N = copySize(Size, Ctx, 0);
  if (!N)
    Why = "its size is not a constant";
  else if (*N != 4 && *N != 8 && *N != 16)
    Why = "it copies " + std::to_string(*N) +
          " bytes per thread; the model covers copies of 4, 8 and 16 bytes";
  else
    return unsigned(*N);
  return 0;
}

// ---- launches ------------------------------------------------------------

std::optional<LaunchSite::Kind> launchApi(const CallExpr *E) {
  const FunctionDecl *Callee = namedCallee(E);
  if (!Callee)
    return std::nullopt;
  StringRef N = Callee->getName();
  if ((N == "cudaLaunchKernel" || N == "cudaLaunchCooperativeKernel") &&
      E->getNumArgs() >= 3 && isDim3Type(E->getArg(2)->getType()))
    return N == "cudaLaunchKernel" ? LaunchSite::LaunchKernel
                                   : LaunchSite::LaunchCooperativeKernel;
  if ((N == "cudaLaunchKernelEx" || N == "cudaLaunchKernelExC") &&
      E->getNumArgs() >= 2)
    return LaunchSite::LaunchKernelEx;
  return std::nullopt;
}

unsigned launchConfigBlockArg(const CallExpr *Config) {
  // A launch from device code (dynamic parallelism, -fgpu-rdc) configures
  // through cudaLaunchDevice(func, params, grid, block, smem, stream).
  if (const FunctionDecl *CF = Config->getDirectCallee())
    if (CF->getIdentifier() && CF->getName() == "cudaLaunchDevice")
      return 3;
  return 1;
}

} // namespace warplint
