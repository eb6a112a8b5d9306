# complete.zsh DIR 'LINE' OUT: an interactive zsh (in a pseudo-terminal,
# zsh/zpty) with DIR first in fpath and compinit run is typed LINE and TAB;
# prints, sorted, the matches its completion functions offered (compadd is
# wrapped to write them to the file OUT as well).
zmodload zsh/zpty
dir=$1 line=$2 out=$3
: >$out
zpty z zsh -f -i
zpty -w z "fpath=($dir \$fpath); autoload -Uz compinit; compinit -u -D"
zpty -w z "compadd() { if [[ \${@[1,(i)(-|--)]} == *-(O|A|D)\\ * ]]; then builtin compadd \"\$@\"; return; fi; local -a __hits; builtin compadd -A __hits \"\$@\"; print -l -- \$__hits >> $out; builtin compadd \"\$@\"; }"
zpty -w z "zstyle ':completion:*' list-prompt ''; zstyle ':completion:*' menu no; setopt nobeep"
zpty -w -n z "$line"$'\t'
# The matches are written as the completion runs: wait for the first, then
# until the file has not grown for a second (a busy machine is slow; a
# fixed half second lost matches when two test suites ran at once).
for i in {1..200}; do [[ -s $out ]] && break; sleep 0.1; done
last=-1 same=0
for i in {1..200}; do
  size=$(wc -c <$out)
  if (( size == last )); then
    (( ++same >= 10 )) && break
  else
    same=0 last=$size
  fi
  sleep 0.1
done
zpty -d z
sort -u $out | grep -v '^$'
