import { z } from "zod";
import { ApiKey, type ApiKeyCreate, ApiKeyCreated } from "../../../shared/contract/api-keys";
import { listOf } from "../../../shared/contract/paging";
import {
  WebhookDelivery,
  WebhookEndpoint,
  type WebhookEndpointCreate,
  type WebhookEndpointPatch,
  WebhookEndpointWithSecret,
} from "../../../shared/contract/webhooks";
import { http } from "../../lib/http";

/** api/webhook and api/api-key (issue 28); answers parsed with the shared contract. */
const DeliveryPage = listOf(WebhookDelivery);
const Queued = z.object({ delivery: z.number() });
export const DELIVERIES_PAGE_SIZE = 20;

export async function listEndpoints(signal?: AbortSignal): Promise<WebhookEndpoint[]> {
  const body = await http.get<unknown>("api/webhook", signal ? { signal } : {});
  return WebhookEndpoint.array().parse(body);
}

export async function createEndpoint(input: WebhookEndpointCreate) {
  return WebhookEndpointWithSecret.parse(await http.post<unknown>("api/webhook", input));
}

const ifMatch = (version: number) => ({ headers: { "If-Match": `"${version}"` } });

export async function changeEndpoint(id: number, version: number, patch: WebhookEndpointPatch) {
  return WebhookEndpoint.parse(
    await http.patch<unknown>(`api/webhook/${id}`, patch, ifMatch(version)),
  );
}

export async function rotateEndpointSecret(id: number, version: number) {
  return WebhookEndpointWithSecret.parse(
    await http.post<unknown>(`api/webhook/${id}/rotate-secret`, undefined, ifMatch(version)),
  );
}

export async function deleteEndpoint(id: number): Promise<void> {
  await http.delete<unknown>(`api/webhook/${id}`);
}

export async function listDeliveries(id: number, page: number, signal?: AbortSignal) {
  const body = await http.get<unknown>(`api/webhook/${id}/delivery`, {
    searchParams: { page, page_size: DELIVERIES_PAGE_SIZE },
    ...(signal ? { signal } : {}),
  });
  return DeliveryPage.parse(body);
}

export async function resendDelivery(id: number, delivery: number) {
  return Queued.parse(await http.post<unknown>(`api/webhook/${id}/delivery/${delivery}/resend`));
}

export async function pingEndpoint(id: number) {
  return Queued.parse(await http.post<unknown>(`api/webhook/${id}/ping`));
}

export async function listApiKeys(signal?: AbortSignal): Promise<ApiKey[]> {
  return ApiKey.array().parse(await http.get<unknown>("api/api-key", signal ? { signal } : {}));
}

/** The answer holds the key itself: shown once, kept only in the dialog's state. */
export async function createApiKey(input: ApiKeyCreate) {
  return ApiKeyCreated.parse(await http.post<unknown>("api/api-key", input));
}

export async function revokeApiKey(id: number): Promise<void> {
  await http.delete<unknown>(`api/api-key/${id}`);
}
