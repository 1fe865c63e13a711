// Placeholder: built by the accounts work (issue 8).
export function loader() {
  return new Response(null, { status: 404 });
}
