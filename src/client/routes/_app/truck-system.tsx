import { createFileRoute } from "@tanstack/react-router";
import { GatePage } from "../../features/gate/gate-page";

export const Route = createFileRoute("/_app/truck-system")({ component: GatePage });
