import { createFileRoute } from "@tanstack/react-router";
import { BiPage } from "../../features/bi/bi-page";

export const Route = createFileRoute("/_app/bi")({ component: BiPage });
