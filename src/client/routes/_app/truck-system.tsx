import { createFileRoute } from "@tanstack/react-router";
import { CheckInPage } from "../../features/check-in/check-in-page";

export const Route = createFileRoute("/_app/truck-system")({ component: CheckInPage });
