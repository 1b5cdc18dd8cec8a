// English words too common to tell stories apart (ranking and retrieval), plus
// the words people use to ask for news ("latest", "tell me about").
export const STOPWORDS = new Set(
  `a about above after again against all also am an and any are aren as at be because been before
being below between both but by can could did do does doing down during each few for from further
had has have having he her here hers herself him himself his how however i if in into is isn it its
itself just let me more most much must my myself no nor not now of off on once only or other our
ours ourselves out over own same she should so some such than that the their theirs them themselves
then there these they this those through to too under until up very via was we were what when where
which while who whom why will with would you your yours yourself yourselves
said says say new one two get got make made like well may might many even still back year years
tell give show explain know please latest recent recently news today tonight update updates story
stories anything something thing things happening happened going want what's whats vs versus
difference between summary summarise summarize important breaking hours hour last day days week`
    .split(/\s+/)
    .filter(Boolean),
);
