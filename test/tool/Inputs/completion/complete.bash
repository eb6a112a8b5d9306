# complete.bash FILE COMMAND 'LINE': sources the bash completion FILE, as
# bash-completion loads it, and asks its function for COMMAND what to
# complete at the end of LINE, as bash does when TAB is pressed there
# (COMP_LINE, COMP_POINT, COMP_WORDS split at COMP_WORDBREAKS, COMP_CWORD);
# prints COMPREPLY, one per line, sorted.
set -u
FILE=$1 CMD=$2 LINE=$3
# bash sets COMP_WORDBREAKS at start-up; WORDBREAKS in the environment
# replaces it.
[ -z "${WORDBREAKS+set}" ] || COMP_WORDBREAKS=$WORDBREAKS
source "$FILE" || exit 2
FUNC=$(complete -p "$CMD" | sed -n 's/.* -F \([^ ]*\) .*/\1/p')
[ -n "$FUNC" ] || { echo "no completion function for $CMD" >&2; exit 2; }
COMP_LINE=$LINE
COMP_POINT=${#LINE}
# Bash's split: at blanks, and each word-break character is a word of its own.
COMP_WORDS=()
word=""
for ((i = 0; i < ${#LINE}; i++)); do
  c=${LINE:i:1}
  if [[ $c == [[:space:]] ]]; then
    [ -n "$word" ] && COMP_WORDS+=("$word")
    word=""
  elif [[ $COMP_WORDBREAKS == *"$c"* ]]; then
    [ -n "$word" ] && COMP_WORDS+=("$word")
    COMP_WORDS+=("$c")
    word=""
  else
    word+=$c
  fi
done
COMP_WORDS+=("$word")
COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
COMPREPLY=()
"$FUNC" "$CMD" "$word" "${COMP_WORDS[COMP_CWORD-1]:-}"
printf '%s\n' "${COMPREPLY[@]}" | LC_ALL=C sort
