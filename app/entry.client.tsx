import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { CATALOGUE_LINK_SELECTOR, isCatalogueName, loadCatalogue } from "./i18n/catalogue";

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

// The page's messages come from their own cached asset, preloaded by the page's head (decision 027):
// hydrate once they are here. Without them the page stays as the server sent it, and its forms and
// links still work.
const link = document.querySelector<HTMLLinkElement>(CATALOGUE_LINK_SELECTOR);
const name = link?.dataset.catalogue;
if (link && isCatalogueName(name)) loadCatalogue(name, link.href).then(hydrate, () => {});
else hydrate();
