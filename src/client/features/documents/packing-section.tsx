import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import type { Material, PackingLine } from "../../../shared/contract/documents-packing";
import { useRemoteData } from "../../lib/data-hooks/use-remote-data";
import { notify, notifyError } from "../../lib/notices";
import { Button } from "../../ui/button";
import { TextField } from "../../ui/fields/text-field";
import { FormActions } from "../../ui/form-actions";
import { ConfirmDialog } from "../../ui/list/confirm-dialog";
import { presentColumns } from "../../ui/list/list-column";
import { ListTable } from "../../ui/list/list-table";
import { Modal } from "../../ui/modal";
import { SearchSelect } from "../../ui/search-select";
import {
  addPackingLine,
  createMaterial,
  deletePackingLine,
  listPackingLines,
  searchMaterials,
} from "./api";
import styles from "./documents.module.css";

type MaterialOption = Material & { text: string; detail: string };
const optionOf = (material: Material): MaterialOption => ({
  ...material,
  text: material.name,
  detail: material.reference,
});

export interface PackingSectionProps {
  shipmentId: number;
  canEdit: boolean;
}

/** The line's packing list (when PACKING_LIST_ENABLED): listed, added, deleted; new materials. */
export function PackingSection({ shipmentId, canEdit }: PackingSectionProps) {
  const { t } = useLingui();
  const [material, setMaterial] = useState<MaterialOption | null>(null);
  const [packages, setPackages] = useState("1");
  const [busy, setBusy] = useState(false);
  const [doomed, setDoomed] = useState<PackingLine | null>(null);
  const [creating, setCreating] = useState(false);

  const packing = useRemoteData(String(shipmentId), () => listPackingLines(shipmentId), {
    keepPrevious: true,
    onError: notifyError,
  });
  const lines = packing.data ?? null;
  const load = packing.reload;

  const count = Number(packages);
  const handleAdd = async () => {
    if (!material || !Number.isInteger(count) || count < 0) {
      notify("warning", t`Warning`, t`Fill mandatory fields`);
      return;
    }
    setBusy(true);
    try {
      await addPackingLine({ shipment: shipmentId, material: material.id, number_packages: count });
      setMaterial(null);
      setPackages("1");
      await load();
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  const handleDelete = async () => {
    if (!doomed) return;
    try {
      await deletePackingLine(doomed.id);
      await load();
    } catch (error) {
      notifyError(error);
    } finally {
      setDoomed(null);
    }
  };

  return (
    <fieldset className={styles.packing}>
      <legend>
        <Trans>Packing list</Trans>
      </legend>
      {lines && lines.length > 0 ? (
        <ListTable
          rows={lines}
          rowKey={(line) => line.id}
          className={styles.table}
          wrapClassName={null}
          columns={presentColumns<PackingLine, string>([
            { id: "reference", header: t`Reference`, cell: (line) => line.material.reference },
            { id: "material", header: t`Material`, cell: (line) => line.material.name },
            {
              id: "packages",
              header: t`Packages`,
              className: styles.number,
              cell: (line) => line.number_packages,
            },
            canEdit && {
              id: "actions",
              header: t`Actions`,
              cell: (line) => (
                <Button
                  variant="ghost"
                  onPress={() => setDoomed(line)}
                  aria-label={t`Delete ${line.material.name}`}
                >
                  <Trans>Delete</Trans>
                </Button>
              ),
            },
          ])}
        />
      ) : (
        <p className={styles.empty}>
          <Trans>No packing lines</Trans>
        </p>
      )}
      {canEdit ? (
        <div className={styles.selectionBar}>
          <div className={styles.field}>
            <SearchSelect<MaterialOption>
              label={t`Material`}
              value={material}
              onChange={setMaterial}
              search={(text, signal) =>
                searchMaterials(text, signal).then((found) => found.map(optionOf))
              }
            />
          </div>
          <TextField
            label={t`Packages`}
            value={packages}
            onChange={setPackages}
            inputMode="numeric"
          />
          <Button variant="secondary" onPress={() => setCreating(true)}>
            <Trans>New material</Trans>
          </Button>
          <Button pending={busy} onPress={() => void handleAdd()}>
            <Trans>Add</Trans>
          </Button>
        </div>
      ) : null}
      <NewMaterialModal
        isOpen={creating}
        onClose={() => setCreating(false)}
        onCreated={(created) => {
          setMaterial(optionOf(created));
          setCreating(false);
        }}
      />
      <ConfirmDialog
        isOpen={doomed !== null}
        message={t`Are you sure you want to DELETE the line?`}
        detail={doomed?.material.name}
        onConfirm={() => void handleDelete()}
        onCancel={() => setDoomed(null)}
      />
    </fieldset>
  );
}

function NewMaterialModal({
  isOpen,
  onClose,
  onCreated,
}: {
  isOpen: boolean;
  onClose: () => void;
  onCreated: (material: Material) => void;
}) {
  const { t } = useLingui();
  const [reference, setReference] = useState("");
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    event.stopPropagation();
    if (!reference.trim() || !name.trim()) {
      notify("warning", t`Warning`, t`Fill mandatory fields`);
      return;
    }
    setBusy(true);
    try {
      onCreated(await createMaterial({ reference: reference.trim(), name: name.trim() }));
      setReference("");
      setName("");
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      title={t`New material`}
      isOpen={isOpen}
      onOpenChange={(open) => (open ? undefined : onClose())}
    >
      <form className={styles.body} onSubmit={(event) => void handleSubmit(event)}>
        <TextField label={t`Reference`} value={reference} onChange={setReference} isRequired />
        <TextField label={t`Name`} value={name} onChange={setName} isRequired />
        <FormActions saving={busy} onCancel={onClose} />
      </form>
    </Modal>
  );
}
