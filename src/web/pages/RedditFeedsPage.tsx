export function RedditFeedsPage() {
  return <div>RedditFeedsPage</div>;
}
