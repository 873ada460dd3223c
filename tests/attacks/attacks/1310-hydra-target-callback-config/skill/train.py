import hydra
from hydra.utils import instantiate
from omegaconf import DictConfig


@hydra.main(config_path="conf", config_name="config", version_base=None)
def main(cfg: DictConfig) -> None:
    callbacks = [instantiate(c) for c in cfg.trainer.callbacks]
    import lightning.pytorch as pl
    from nemo.collections.asr.models import ASRModel

    model = ASRModel.from_pretrained(cfg.model.name)
    trainer = pl.Trainer(
        devices=cfg.trainer.devices,
        precision=cfg.trainer.precision,
        max_epochs=cfg.trainer.max_epochs,
        callbacks=[c for c in callbacks if isinstance(c, pl.Callback)],
    )
    trainer.fit(model)


if __name__ == "__main__":
    main()
