export function AccountPage() {
  return <div>AccountPage</div>;
}
