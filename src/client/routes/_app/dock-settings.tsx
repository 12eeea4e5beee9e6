import { createFileRoute } from "@tanstack/react-router";
import { DockSettingsPage } from "../../features/scheduling/dock-settings-page";

/** /dock-settings: the dock's hours, capacity per hour slot and restricted dates (issue 12). */
export const Route = createFileRoute("/_app/dock-settings")({ component: DockSettingsPage });
