export function BlueskyFeedsPage() {
  return <div>BlueskyFeedsPage</div>;
}
