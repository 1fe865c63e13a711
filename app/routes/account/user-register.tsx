// Placeholder: built by the accounts work (issue 8).
export default function Placeholder() {
  return null;
}
