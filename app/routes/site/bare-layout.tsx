import { Outlet } from "react-router";
import { FlashMessage } from "../../components/flash-message";
import { LoadingOverlay } from "../../components/loading-overlay";

/** Content only, for pages embedded in a client's own site through an iframe. */
export default function BareLayout() {
  return (
    <div className="bg-white">
      <FlashMessage />
      <Outlet />
      <LoadingOverlay />
    </div>
  );
}
